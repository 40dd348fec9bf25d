//! Uniqueness techniques: unique rectangles, hidden and avoidable rectangles, BUG+1. Sound only for puzzles with one solution.

use super::Technique;

pub(super) static TECHNIQUES: &[Technique] = &[];
