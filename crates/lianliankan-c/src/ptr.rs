//! Pointers from C to Rust values and back: every raw pointer the entry
//! points take goes through one of these, which turn NULL into an
//! [`Error`] naming the argument instead of dereferencing it.
//!
//! What no check can see — a pointer to freed memory, to the wrong type,
//! or a length longer than the buffer — is the caller's promise, written
//! as the `# Safety` section of each entry point.

use std::ffi::{CStr, c_char};

use crate::status::{Error, Result};

/// The value behind `ptr`, a handle or struct the caller lends.
///
/// # Safety
/// `ptr` is NULL or points to a live, initialised `T` that nothing writes
/// during the call.
pub unsafe fn borrow<'a, T>(ptr: *const T, name: &str) -> Result<&'a T> {
    // SAFETY: non-NULL, and the caller promises it points to a live `T`.
    unsafe { ptr.as_ref() }.ok_or_else(|| Error::invalid(format!("{name} is NULL")))
}

/// The handle behind `ptr`, lent mutably.
///
/// # Safety
/// `ptr` is NULL or points to a live `T` that nothing else reads or
/// writes during the call.
pub unsafe fn borrow_mut<'a, T>(ptr: *mut T, name: &str) -> Result<&'a mut T> {
    // SAFETY: non-NULL, and the caller promises exclusive access.
    unsafe { ptr.as_mut() }.ok_or_else(|| Error::invalid(format!("{name} is NULL")))
}

/// Checks that the out-parameter `ptr` is not NULL, so that the entry
/// point can fail before doing any work; [`write`] stores the result.
pub fn check_out<T>(ptr: *mut T, name: &str) -> Result<()> {
    if ptr.is_null() {
        Err(Error::invalid(format!("{name} is NULL")))
    } else {
        Ok(())
    }
}

/// Stores `value` in the out-parameter `ptr` (checked by [`check_out`]),
/// without reading or dropping what was there (it may be uninitialised).
///
/// # Safety
/// `ptr` is NULL or valid for writing a `T` (alignment included).
pub unsafe fn write<T>(ptr: *mut T, value: T, name: &str) -> Result<()> {
    check_out(ptr, name)?;
    // SAFETY: non-NULL, and the caller promises it is writable.
    unsafe { ptr.write(value) };
    Ok(())
}

/// The `len` values at `ptr`; NULL is allowed for `len` 0.
///
/// # Safety
/// When `len` > 0, `ptr` points to `len` initialised, live `T`s.
pub unsafe fn slice<'a, T>(ptr: *const T, len: usize, name: &str) -> Result<&'a [T]> {
    if len == 0 {
        return Ok(&[]);
    }
    if ptr.is_null() {
        return Err(Error::invalid(format!(
            "{name} is NULL but its length is {len}"
        )));
    }
    if len
        .checked_mul(size_of::<T>())
        .is_none_or(|bytes| bytes > isize::MAX as usize)
    {
        return Err(Error::invalid(format!(
            "{name}'s length {len} is too large"
        )));
    }
    // SAFETY: non-NULL, the size fits an allocation, and the caller
    // promises `len` live values there.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// The NUL-terminated UTF-8 text at `ptr`, or `None` for NULL.
///
/// # Safety
/// `ptr` is NULL or points to a NUL-terminated string that lives through
/// the call.
pub unsafe fn text<'a>(ptr: *const c_char, name: &str) -> Result<Option<&'a str>> {
    if ptr.is_null() {
        return Ok(None);
    }
    // SAFETY: non-NULL, and the caller promises a NUL-terminated string.
    let text = unsafe { CStr::from_ptr(ptr) };
    text.to_str()
        .map(Some)
        .map_err(|e| Error::invalid(format!("{name} is not UTF-8: {e}")))
}

/// A new handle owning `value`, for C to give back to the matching
/// `_free` function.
pub fn into_handle<T>(value: T) -> *mut T {
    Box::into_raw(Box::new(value))
}

/// Drops the handle `ptr` made by [`into_handle`]; nothing for NULL.
///
/// # Safety
/// `ptr` is NULL or a handle [`into_handle`] made for a `T` and not yet
/// freed, not used again after this.
pub unsafe fn free<T>(ptr: *mut T) {
    if !ptr.is_null() {
        // SAFETY: the caller promises a live handle from `into_handle`.
        drop(unsafe { Box::from_raw(ptr) });
    }
}
