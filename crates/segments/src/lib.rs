//! segments
