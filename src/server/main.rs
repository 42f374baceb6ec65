//! `serve`: the production server for the built app and online play, as
//! `make serve` runs it (see the library's documentation).

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    use mind_sports_server::options::{Command, Options};
    use std::process::ExitCode;
    mind_sports_server::logging::init();
    let mut options = match Options::parse(std::env::args_os().skip(1)) {
        Ok(Command::Print(text)) => {
            print!("{text}");
            return ExitCode::SUCCESS;
        }
        Ok(Command::Serve(options)) => *options,
        Ok(Command::Backup { state, file }) => return operate(true, &state, &file),
        Ok(Command::Restore { state, file }) => return operate(false, &state, &file),
        Err(error) => {
            eprintln!("serve: {error}\n(serve --help lists every option)");
            return ExitCode::from(2);
        }
    };
    if let Err(error) = options.database_from(std::env::var("DATABASE_URL").ok()) {
        eprintln!("serve: {error}");
        return ExitCode::from(2);
    }
    match serve(options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!("{error}");
            eprintln!("serve: {error}");
            ExitCode::FAILURE
        }
    }
}

/// `serve backup` (`backing_up`) or `serve restore`: one sentence of what
/// was done on standard output, or of why not on standard error.
#[cfg(not(target_arch = "wasm32"))]
fn operate(
    backing_up: bool,
    state: &std::path::Path,
    file: &std::path::Path,
) -> std::process::ExitCode {
    use mind_sports_server::backup;
    use std::process::ExitCode;
    let task = if backing_up { "backup" } else { "restore" };
    let url = std::env::var("DATABASE_URL").unwrap_or_default();
    if url.starts_with("postgres") {
        eprintln!(
            "serve {task}: DATABASE_URL names PostgreSQL, whose data is not in {}: use pg_dump \
             and pg_restore (docs/online.md, \"Backups\")",
            state.display()
        );
        return ExitCode::from(2);
    }
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("serve {task}: {error}");
            return ExitCode::FAILURE;
        }
    };
    let done: Result<String, String> = runtime.block_on(async {
        if backing_up {
            let contents = backup::backup(state, file).await?;
            Ok(format!(
                "backed up {} to {}: {contents}",
                state.display(),
                file.display()
            ))
        } else {
            let restored = backup::restore(state, file).await?;
            let kept = restored.kept.map_or(String::new(), |kept| {
                format!("; the database it replaced is kept as {}", kept.display())
            });
            Ok(format!(
                "restored {} into {}: {}{kept}",
                file.display(),
                state.display(),
                restored.contents
            ))
        }
    });
    match done {
        Ok(said) => {
            println!("{said}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("serve {task}: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Runs until SIGTERM or Ctrl-C, then stops cleanly (the last heartbeat
/// marks when the downtime starts).
#[cfg(not(target_arch = "wasm32"))]
fn serve(options: mind_sports_server::options::Options) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let running =
            mind_sports_server::start(options, mind_sports_server::time::Clocks::system()).await?;
        let mut terminate =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
        tokio::select! {
            _ = tokio::signal::ctrl_c() => tracing::info!("interrupted: stopping"),
            _ = terminate.recv() => tracing::info!("SIGTERM: stopping"),
        }
        running.stop().await
    })
}

#[cfg(target_arch = "wasm32")]
fn main() {}
