//! solitaire
