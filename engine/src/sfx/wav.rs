//! A minimal RIFF/WAVE writer for mono PCM (8-bit unsigned or 16-bit
//! signed little-endian), plus a reader for the same, for tests and tools.

/// Encodes unsigned 8-bit mono PCM at `sample_rate` as a WAV file.
#[must_use]
pub fn encode_u8(samples: &[u8], sample_rate: u32) -> Vec<u8> {
    let mut out = header(samples.len(), 8, sample_rate);
    out.extend_from_slice(samples);
    if samples.len() % 2 == 1 {
        out.push(0); // RIFF chunks are padded to an even length
    }
    out
}

/// Encodes signed 16-bit mono PCM at `sample_rate` as a WAV file.
#[must_use]
pub fn encode_i16(samples: &[i16], sample_rate: u32) -> Vec<u8> {
    let mut out = header(samples.len() * 2, 16, sample_rate);
    for s in samples {
        out.extend_from_slice(&s.to_le_bytes());
    }
    out
}

/// The 44-byte header for `data_len` bytes of mono PCM.
fn header(data_len: usize, bits: u16, sample_rate: u32) -> Vec<u8> {
    let data_len = u32::try_from(data_len).unwrap_or(u32::MAX - 64);
    let padded = data_len + (data_len & 1);
    let block_align = bits / 8;
    let mut h = Vec::with_capacity(44 + padded as usize);
    h.extend_from_slice(b"RIFF");
    h.extend_from_slice(&(36 + padded).to_le_bytes());
    h.extend_from_slice(b"WAVEfmt ");
    h.extend_from_slice(&16u32.to_le_bytes());
    h.extend_from_slice(&1u16.to_le_bytes()); // PCM
    h.extend_from_slice(&1u16.to_le_bytes()); // mono
    h.extend_from_slice(&sample_rate.to_le_bytes());
    h.extend_from_slice(&(sample_rate * u32::from(block_align)).to_le_bytes());
    h.extend_from_slice(&block_align.to_le_bytes());
    h.extend_from_slice(&bits.to_le_bytes());
    h.extend_from_slice(b"data");
    h.extend_from_slice(&data_len.to_le_bytes());
    h
}

/// A decoded mono PCM WAV file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decoded {
    /// Samples per second.
    pub sample_rate: u32,
    /// 8 or 16.
    pub bits: u16,
    /// The `data` chunk's bytes (unpadded).
    pub data: Vec<u8>,
}

impl Decoded {
    /// The data as 16-bit samples (empty unless `bits` is 16).
    #[must_use]
    pub fn samples_i16(&self) -> Vec<i16> {
        if self.bits != 16 {
            return Vec::new();
        }
        self.data.chunks_exact(2).map(|c| i16::from_le_bytes([c[0], c[1]])).collect()
    }
}

/// Reads a mono PCM WAV file as written by this module (it walks the
/// chunks, so other chunk orders work too). `None` if it is not one.
#[must_use]
pub fn decode(bytes: &[u8]) -> Option<Decoded> {
    if bytes.len() < 12 || &bytes[0..4] != b"RIFF" || &bytes[8..12] != b"WAVE" {
        return None;
    }
    let u16_at = |i: usize| Some(u16::from_le_bytes([*bytes.get(i)?, *bytes.get(i + 1)?]));
    let u32_at = |i: usize| {
        Some(u32::from_le_bytes([*bytes.get(i)?, *bytes.get(i + 1)?, *bytes.get(i + 2)?, *bytes.get(i + 3)?]))
    };
    let mut pos = 12;
    let mut fmt = None;
    while pos + 8 <= bytes.len() {
        let id = &bytes[pos..pos + 4];
        let len = u32_at(pos + 4)? as usize;
        let body = pos + 8;
        if id == b"fmt " {
            if u16_at(body)? != 1 || u16_at(body + 2)? != 1 {
                return None;
            }
            fmt = Some((u32_at(body + 4)?, u16_at(body + 14)?));
        } else if id == b"data" {
            let (sample_rate, bits) = fmt?;
            let data = bytes.get(body..body.checked_add(len)?)?.to_vec();
            return Some(Decoded { sample_rate, bits, data });
        }
        pos = body.checked_add(len)?.checked_add(len & 1)?;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sfx::sound_for_seed;

    #[test]
    fn eight_bit_file_holds_the_engines_bytes() {
        let sound = sound_for_seed(93260600);
        let bytes = sound.to_u8();
        let file = encode_u8(&bytes, sound.sample_rate);
        assert_eq!(&file[0..4], b"RIFF");
        assert_eq!(u32::from_le_bytes([file[4], file[5], file[6], file[7]]) as usize, file.len() - 8);
        let d = decode(&file).expect("valid wav");
        assert_eq!(d.sample_rate, 5512);
        assert_eq!(d.bits, 8);
        assert_eq!(d.data, bytes);
    }

    #[test]
    fn sixteen_bit_file_holds_the_engines_samples() {
        let sound = sound_for_seed(58380801);
        let samples = sound.to_i16();
        let d = decode(&encode_i16(&samples, sound.sample_rate)).expect("valid wav");
        assert_eq!(d.bits, 16);
        assert_eq!(d.samples_i16(), samples);
    }

    #[test]
    fn rejects_garbage() {
        assert_eq!(decode(b"RIFF"), None);
        assert_eq!(decode(b"RIFF\0\0\0\0WAVEdata\xff\xff\xff\xff"), None);
    }
}
