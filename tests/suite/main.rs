//! The integration tests, one module per subject, built as one test binary. Why one: each
//! test file of its own is a binary that links the whole library again, and on CI's two
//! cores those links and their code generation took minutes. Run one subject with
//! `cargo test --test suite soundness::`.

mod common;

mod als_chain_oracle;
mod als_oracle;
mod arrow;
mod caches;
mod chain_oracle;
mod cli;
mod clues;
mod community;
mod fillings;
mod formats;
mod fpuzzles;
mod generate_rules;
mod guides;
mod html;
mod instances;
mod jigsaw;
mod killer;
mod lines;
mod links;
mod little_killer;
mod net_premises;
mod palindrome;
mod plain;
mod ratings;
mod rectangle_oracle;
mod region_sum;
mod rulegen;
mod search;
mod soundness;
mod sue_de_coq_oracle;
mod teaching;
mod template_oracle;
mod templates;
mod thermometer;
mod variants;
