//! Almost locked sets: ALS-XZ, ALS-XY-wing, ALS chain, death blossom, sue de coq.

use super::Technique;

pub(super) static TECHNIQUES: &[Technique] = &[];
