//! `serve`: the production server for the built app and online play, as
//! `make serve` runs it (see the library's documentation).

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    use mind_sports_server::policy;
    use std::process::ExitCode;
    match policy::Options::parse(std::env::args().skip(1)) {
        Ok(policy::Command::Help) => {
            println!("{}", policy::USAGE);
            ExitCode::SUCCESS
        }
        Ok(policy::Command::Serve(options)) => match serve(options) {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("serve: {error}");
                ExitCode::FAILURE
            }
        },
        Err(error) => {
            eprintln!("serve: {error}\n\n{}", policy::USAGE);
            ExitCode::from(2)
        }
    }
}

/// Runs until SIGTERM or Ctrl-C, then stops cleanly (the last heartbeat
/// marks when the downtime starts).
#[cfg(not(target_arch = "wasm32"))]
fn serve(options: mind_sports_server::policy::Options) -> std::io::Result<()> {
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
            _ = tokio::signal::ctrl_c() => {}
            _ = terminate.recv() => {}
        }
        running.stop().await
    })
}

#[cfg(target_arch = "wasm32")]
fn main() {}
