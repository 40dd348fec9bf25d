//! Wings: xy-wing, xyz-wing, w-wing, wxyz-wing.

use super::Technique;

pub(super) static TECHNIQUES: &[Technique] = &[];
