//! Chains and loops: remote pair, x-chain, xy-chain, AIC and nice loops, grouped.

use super::Technique;

pub(super) static TECHNIQUES: &[Technique] = &[];
