//! Colouring: simple colours (trap and wrap) and multi colours.

use super::Technique;

pub(super) static TECHNIQUES: &[Technique] = &[];
