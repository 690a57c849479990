//! Board images for nadare: a position drawn as a PNG.
