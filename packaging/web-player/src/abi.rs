//! The functions the page's script calls. Each forwards to the one
//! [`Page`]; strings and pictures cross through two byte buffers: the
//! script asks for an input buffer of `len` bytes ([`pw_input_buffer`]),
//! writes into the module's memory there and calls a function that reads
//! it; results are left in the output buffer ([`pw_output_ptr`],
//! [`pw_output_len`]).
//!
//! The exports need fixed symbol names (`#[unsafe(no_mangle)]`), which the
//! lint counts as unsafe code; there is no unsafe block here.
#![expect(unsafe_code, reason = "#[unsafe(no_mangle)] on the exports counts as unsafe code; no unsafe block here")]

use std::cell::RefCell;

use crate::Page;

thread_local! {
    static PAGE: RefCell<Page> = RefCell::new(Page::default());
}

fn with_page<T>(f: impl FnOnce(&mut Page) -> T) -> T {
    PAGE.with(|p| f(&mut p.borrow_mut()))
}

/// Make the input buffer `len` bytes long and return where it starts.
#[unsafe(no_mangle)]
pub extern "C" fn pw_input_buffer(len: usize) -> *mut u8 {
    with_page(|p| p.input_buffer(len).as_mut_ptr())
}

/// Where the last result starts.
#[unsafe(no_mangle)]
pub extern "C" fn pw_output_ptr() -> *const u8 {
    with_page(|p| p.output().as_ptr())
}

/// How many bytes the last result holds.
#[unsafe(no_mangle)]
pub extern "C" fn pw_output_len() -> usize {
    with_page(|p| p.output().len())
}

/// Build the game whose text is in the input buffer. Returns 1 when it can
/// be played; the diagnostics are left in the output buffer as text.
#[unsafe(no_mangle)]
pub extern "C" fn pw_open() -> u32 {
    with_page(|p| u32::from(p.open_from_input()))
}

/// Start the game on its title screen at `now` (the browser's clock, in
/// milliseconds), with the saved progress text in the input buffer (empty
/// for none).
#[unsafe(no_mangle)]
pub extern "C" fn pw_start(now: f64) -> u32 {
    with_page(|p| u32::from(p.start_from_input(now)))
}

/// A control pressed, by its code ([`crate::page::control`]).
#[unsafe(no_mangle)]
pub extern "C" fn pw_press(control: u32, now: f64) {
    with_page(|p| p.press(control, now));
}

/// A control let go.
#[unsafe(no_mangle)]
pub extern "C" fn pw_release(control: u32, now: f64) {
    with_page(|p| p.release(control, now));
}

/// Every control let go (the page lost focus).
#[unsafe(no_mangle)]
pub extern "C" fn pw_release_all() {
    with_page(Page::release_all);
}

/// Take choice `index` of the title screen, or level `index` of the level
/// select (the `choices` of `pw_screen`'s JSON).
#[unsafe(no_mangle)]
pub extern "C" fn pw_choose(index: u32, now: f64) {
    with_page(|p| p.choose(index as usize, now));
}

/// The mouse or a finger (`kind`: 0 press, 1 move, 2 release; `button`:
/// 0 left or a finger, 1 right, 2 middle) over pixel (`x`, `y`) of the
/// last picture ([`pw_frame`]'s pixels, from its top left). Returns 1 when
/// the game listens to the mouse.
#[unsafe(no_mangle)]
pub extern "C" fn pw_pointer(kind: u32, button: u32, x: f64, y: f64, now: f64) -> u32 {
    with_page(|p| u32::from(p.pointer(kind, button, x, y, now)))
}

/// Run what is due at `now`.
#[unsafe(no_mangle)]
pub extern "C" fn pw_advance(now: f64) {
    with_page(|p| p.advance(now));
}

/// When the next timed event is due (milliseconds), -1 for none.
#[unsafe(no_mangle)]
pub extern "C" fn pw_next_event() -> f64 {
    with_page(|p| p.next_event_ms())
}

/// A number that changes whenever the screen may have changed.
#[unsafe(no_mangle)]
pub extern "C" fn pw_generation() -> f64 {
    with_page(|p| p.generation() as f64)
}

/// What the flow put out (sounds, progress) as JSON in the output buffer.
#[unsafe(no_mangle)]
pub extern "C" fn pw_outputs() {
    with_page(|p| {
        let json = p.outputs_json();
        p.set_output(json);
    });
}

/// What is on screen, as JSON in the output buffer.
#[unsafe(no_mangle)]
pub extern "C" fn pw_screen() {
    with_page(|p| {
        let json = p.screen_json();
        p.set_output(json);
    });
}

/// Automation: play entry `level` of LEVELS with the seed in the input
/// buffer (`has_seed` 0: no seed), as the conformance runner does. Returns
/// 1 on success; an error message is left in the output buffer otherwise.
#[unsafe(no_mangle)]
pub extern "C" fn pw_load(level: u32, has_seed: u32, now: f64) -> u32 {
    with_page(|p| u32::from(p.load_from_input(level as usize, has_seed != 0, now)))
}

/// Automation: one input coded as in the conformance files
/// ([`crate::page::step`]), pending `again`
/// turns included. Returns 1 on success; an error message is left in the
/// output buffer otherwise.
#[unsafe(no_mangle)]
pub extern "C" fn pw_input(code: i32, now: f64) -> u32 {
    with_page(|p| u32::from(p.automation_input(code, now)))
}

/// Automation: the level in the conformance dump format, in the output
/// buffer.
#[unsafe(no_mangle)]
pub extern "C" fn pw_dump() {
    with_page(|p| {
        let dump = p.dump();
        p.set_output(dump);
    });
}

/// Say whether the page is played by touch (1) or keys (0): the screens
/// name a tap or a key.
#[unsafe(no_mangle)]
pub extern "C" fn pw_set_touch(touch: u32) {
    with_page(|p| p.set_touch(touch != 0));
}

/// Draw what is on screen at `now` (milliseconds; not a number: at rest)
/// into the output buffer as RGBA rows; returns its width in pixels (0
/// when there is nothing to draw; the height is [`pw_frame_height`]).
#[unsafe(no_mangle)]
pub extern "C" fn pw_frame(now: f64) -> u32 {
    with_page(|p| p.frame_at(now) as u32)
}

/// 1 while the picture changes at `now` with no input (a slide, a
/// gliding camera): the script draws every animation frame then.
#[unsafe(no_mangle)]
pub extern "C" fn pw_animating(now: f64) -> u32 {
    with_page(|p| u32::from(p.animating(now)))
}

/// Height in pixels of the last frame drawn by [`pw_frame`].
#[unsafe(no_mangle)]
pub extern "C" fn pw_frame_height() -> u32 {
    with_page(|p| p.frame_height() as u32)
}

/// The sound of the sfxr seed in the input buffer, as little-endian `f32`
/// samples in the output buffer; returns their sample rate (0 for a seed
/// that is not a number).
#[unsafe(no_mangle)]
pub extern "C" fn pw_sound() -> u32 {
    with_page(Page::sound_from_input)
}
