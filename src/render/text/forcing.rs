//! Sentences for the forcing family; `None` falls back to the generic sentence.

use crate::deduction::Deduction;
use crate::layout::Layout;

pub(super) fn explain(_layout: &Layout, _d: &Deduction) -> Option<String> {
    None
}
