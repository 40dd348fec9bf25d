//! Last logical resorts: forcing chains (cell, unit, digit; contradiction and verity) and forcing nets.

use super::Technique;

pub(super) static TECHNIQUES: &[Technique] = &[];
