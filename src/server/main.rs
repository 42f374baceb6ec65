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
        Ok(Command::Serve(options)) => options,
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

/// Runs until SIGTERM or Ctrl-C, then stops cleanly (the last heartbeat
/// marks when the downtime starts).
#[cfg(not(target_arch = "wasm32"))]
fn serve(options: mind_sports_server::options::Options) -> std::io::Result<()> {
    use std::sync::Arc;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let running =
            mind_sports_server::start(options, Arc::new(mind_sports_server::time::SystemWall))
                .await?;
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
