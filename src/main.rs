//! The `deduku` binary: parse arguments, set up logging and colour, run a command, and map
//! its outcome to an exit code (0 success, 1 a puzzle not solved or not unique, 2 bad input).

use std::io::{self, IsTerminal};
use std::process::ExitCode;

use clap::Parser;

mod batch;
mod cli;
mod commands;
mod ids;
mod quick;
mod teach;

use cli::{Cli, ColorChoice, Command};

fn main() -> ExitCode {
    let cli = Cli::parse();
    init_logging(cli.verbose, cli.quiet);
    batch::set_quiet(cli.quiet);
    init_color(cli.color);
    let result = match &cli.command {
        Command::Solve(args) => commands::solve(args),
        Command::Hint(args) => teach::hint(args),
        Command::Practice(args) => teach::practice(args),
        Command::Find(args) => teach::find(args),
        Command::Check(args) => commands::check(args),
        Command::Rate(args) => commands::rate(args),
        Command::Learn(args) => commands::learn(args),
        Command::Generate(args) => commands::generate(args),
        Command::Rules => commands::rules(),
        Command::Completions(args) => commands::completions(args.shell),
        Command::Man => commands::man(),
    };
    match result {
        Ok(code) => code,
        // A closed pipe (`deduku solve ... | head`) ends quietly.
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("deduku: {err:#}");
            ExitCode::from(2)
        }
    }
}

fn init_logging(verbose: u8, quiet: bool) {
    let level = match verbose {
        // Why errors still: --quiet leaves out notes, never what went wrong.
        _ if quiet => log::LevelFilter::Error,
        0 => log::LevelFilter::Warn,
        1 => log::LevelFilter::Info,
        _ => log::LevelFilter::Debug,
    };
    env_logger::Builder::new().filter_level(level).parse_env("RUST_LOG").format_timestamp(None).init();
}

fn init_color(choice: ColorChoice) {
    let on = match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && io::stdout().is_terminal(),
    };
    colored::control::set_override(on);
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<io::Error>().is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
            || e.downcast_ref::<serde_json::Error>().is_some_and(|e| e.io_error_kind() == Some(io::ErrorKind::BrokenPipe))
    })
}
