//! `acey export-web DIR`: the web client as static files, for any static host.

use std::path::PathBuf;

use anyhow::Context;

use crate::{output, UsageError};

/// Arguments of `acey export-web`.
#[derive(clap::Args)]
pub struct Args {
    /// The folder to write the site into (made if missing; files of the same names are
    /// replaced, others left alone).
    dir: PathBuf,
    /// The acey server the site plays online with, such as https://play.example.org (an http
    /// or https address with no path); that server lists the site's own address with
    /// `acey serve --origin`. Without it the pages play online with the host that serves them.
    #[arg(long, value_name = "URL")]
    server: Option<String>,
}

/// Runs `acey export-web`: writes every file of the client (the engine, the service worker
/// with this version, the presets and levels) under DIR. Served by any static host, the site
/// installs as an app and plays against the computer and on one screen with no acey server;
/// online play needs `acey serve`: the host's own (the same origin) or, with `--server`, the
/// one at that address.
pub fn run(args: Args) -> anyhow::Result<()> {
    use acey_server::http::offline;
    let dir = args.dir;
    let server = match args.server.as_deref() {
        Some(text) => Some(offline::server_address(text).map_err(UsageError)?),
        None => None,
    };
    if dir.exists() && !dir.is_dir() {
        return Err(UsageError(format!("{} is not a folder", dir.display())).into());
    }
    let files = offline::static_site_for(server.as_deref());
    let mut bytes = 0;
    for (path, body) in &files {
        let target = dir.join(path);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("cannot make the folder {}", parent.display()))?;
        }
        output::write(&target, body)
            .with_context(|| format!("cannot write {}", target.display()))?;
        bytes += body.len();
    }
    outln!(
        "wrote {} files ({bytes} bytes) of version {} to {}",
        files.len(),
        offline::site_version(server.as_deref()),
        dir.display()
    )?;
    outln!(
        "serve the folder from any static host: the app plays the computer and one screen offline"
    )?;
    if let Some(server) = server {
        outln!("online play goes to {server}: serve it with --origin and this site's address")?;
    }
    Ok(())
}
