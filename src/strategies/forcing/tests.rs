//! Tests of the forcing family.
