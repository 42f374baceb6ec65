//! `serve`: the production server for the built app, as `make serve` runs it.
//!
//! Static files come from tower-http's `ServeDir`, which picks the `.br` or
//! `.gz` copy `make build` writes beside each file when the browser accepts
//! it. This program only adds the caching policy (see [`policy::headers_for`]) and
//! its command line; a club's own server needs the same headers (README,
//! "Hosting").

#[cfg(not(target_arch = "wasm32"))]
mod policy;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
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

#[cfg(not(target_arch = "wasm32"))]
fn serve(options: policy::Options) -> std::io::Result<()> {
    use axum::{extract::Request, middleware::Next, Router};
    use tower_http::services::ServeDir;

    if !options.dir.join("index.html").is_file() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            format!(
                "{} has no index.html: run `make build` first",
                options.dir.display()
            ),
        ));
    }
    let files = ServeDir::new(&options.dir)
        .precompressed_br()
        .precompressed_gzip();
    let app = Router::new()
        .fallback_service(files)
        .layer(axum::middleware::from_fn(
            |request: Request, next: Next| async move {
                let path = request.uri().path().to_owned();
                let mut response = next.run(request).await;
                if response.status().is_success() || response.status().as_u16() == 304 {
                    for (name, value) in policy::headers_for(&path) {
                        response
                            .headers_mut()
                            .insert(name, axum::http::HeaderValue::from_static(value));
                    }
                }
                response
            },
        ));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind((options.address, options.port)).await?;
        let bound = listener.local_addr()?;
        println!("serving {} on http://{bound}/", options.dir.display());
        axum::serve(listener, app)
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
    })
}

#[cfg(target_arch = "wasm32")]
fn main() {}
