//! lianliankan
