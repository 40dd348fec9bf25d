//! Single-digit patterns: skyscraper, 2-string kite, turbot fish, empty rectangle.

use super::Technique;

pub(super) static TECHNIQUES: &[Technique] = &[];
