//! The addresses of the club's pages and frames, read the same way natively
//! and in the browser: a club's and an event's page with their private
//! tokens, the tokens this browser keeps, the ratings and event frames, and
//! a private link as a QR code for another device.

pub mod club;
pub mod event;
pub mod qr;
