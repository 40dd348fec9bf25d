//! Turning deductions and grids into text, coloured boards and JSON. Everything here reads
//! the grid's journal; nothing here searches for patterns.

pub mod board;
pub mod guide;
pub mod html;
pub mod json;
pub mod plain;
pub mod text;
