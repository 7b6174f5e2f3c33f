//! ELF executables (Linux): the exported game written without the
//! studio's debug and symbol tables, with the game text in a section of its
//! own.
//!
//! What a program needs to run is its loaded image: the bytes the program
//! headers map, which the linker puts first. The debug tables (`.debug_*`)
//! and the symbol table (`.symtab`, `.strtab`) follow it, only for
//! debuggers and backtraces: [`with_game`] keeps the image byte for byte,
//! drops those tables, keeps the other sections after it (`.comment`,
//! `.shstrtab`) and adds `.puzzlewright.game`, a section the loader never
//! maps. `strip` keeps sections it does not know, so the game survives it;
//! [`game_section`] finds it again through the section headers.
//!
//! Only 64-bit little-endian files with the usual layout are rewritten (all
//! sections the loader maps come first in the section table and in the
//! file); anything else gets `None` and the caller appends the game as it
//! does for other formats. Nothing here touches the loaded image, so a
//! rewritten file runs exactly as the original does.

use std::io::SeekFrom;

/// The name of the section that holds an exported game's text.
pub const GAME_SECTION: &str = ".puzzlewright.game";

const EHDR: usize = 64;
const SHDR: usize = 64;
const PHDR: usize = 56;
/// `SHF_ALLOC`: the loader maps the section.
const SHF_ALLOC: u64 = 2;
const SHT_PROGBITS: u32 = 1;
const SHT_SYMTAB: u32 = 2;
const SHT_NOBITS: u32 = 8;

/// A section header, the fields this module reads or writes.
#[derive(Clone, Copy, Debug)]
struct Section {
    name: u32,
    kind: u32,
    flags: u64,
    offset: u64,
    size: u64,
    link: u32,
    align: u64,
}

fn u16_at(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(b.get(at..at + 2)?.try_into().ok()?))
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

fn u64_at(b: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_le_bytes(b.get(at..at + 8)?.try_into().ok()?))
}

/// Whether `bytes` start as a 64-bit little-endian ELF file.
fn is_elf64_le(bytes: &[u8]) -> bool {
    bytes.len() >= EHDR && bytes.starts_with(b"\x7fELF") && bytes[4] == 2 && bytes[5] == 1
}

/// Where the section table is, from the file header: offset, count, entry
/// size and the index of the section names' table.
fn section_table(header: &[u8]) -> Option<(u64, usize, usize, usize)> {
    let shoff = u64_at(header, 0x28)?;
    let shentsize = usize::from(u16_at(header, 0x3A)?);
    let shnum = usize::from(u16_at(header, 0x3C)?);
    let shstrndx = usize::from(u16_at(header, 0x3E)?);
    // A count of 0 or an index of SHN_XINDEX means extended numbering,
    // which no executable of ours has.
    (shentsize == SHDR && shnum > 0 && shstrndx < shnum).then_some((shoff, shnum, shentsize, shstrndx))
}

fn parse_section(entry: &[u8]) -> Option<Section> {
    Some(Section {
        name: u32_at(entry, 0)?,
        kind: u32_at(entry, 4)?,
        flags: u64_at(entry, 8)?,
        offset: u64_at(entry, 24)?,
        size: u64_at(entry, 32)?,
        link: u32_at(entry, 40)?,
        align: u64_at(entry, 48)?,
    })
}

/// The NUL-terminated name at `at` in a string table.
fn name_at(table: &[u8], at: u32) -> &[u8] {
    let rest = table.get(at as usize..).unwrap_or_default();
    &rest[..rest.iter().position(|&b| b == 0).unwrap_or(rest.len())]
}

/// Whether a section after the image is left out of an export: it is only
/// for debuggers (debug tables, the symbol table) or an earlier export's
/// game.
fn left_out(name: &[u8], section: &Section) -> bool {
    section.kind == SHT_SYMTAB
        || name.starts_with(b".debug")
        || name.starts_with(b".zdebug")
        || name == GAME_SECTION.as_bytes()
}

/// `elf` without its debug and symbol tables, with `game` in the section
/// [`GAME_SECTION`]; `None` when `elf` is not a 64-bit little-endian ELF
/// file laid out as linkers lay out executables.
#[must_use]
pub fn with_game(elf: &[u8], game: &[u8]) -> Option<Vec<u8>> {
    if !is_elf64_le(elf) {
        return None;
    }
    let (shoff, shnum, _, shstrndx) = section_table(elf)?;
    let sections: Vec<Section> = (0..shnum)
        .map(|i| {
            let at = usize::try_from(shoff).ok()? + i * SHDR;
            parse_section(elf.get(at..at + SHDR)?)
        })
        .collect::<Option<_>>()?;
    let in_file = |s: &Section| s.kind != SHT_NOBITS && s.size > 0;
    let bytes_of = |s: &Section| -> Option<&[u8]> {
        let start = usize::try_from(s.offset).ok()?;
        elf.get(start..start.checked_add(usize::try_from(s.size).ok()?)?)
    };
    // The loaded image: everything the program headers cover, the headers
    // themselves and every mapped section.
    let phoff = usize::try_from(u64_at(elf, 0x20)?).ok()?;
    let phnum = usize::from(u16_at(elf, 0x38)?);
    if usize::from(u16_at(elf, 0x36)?) != PHDR || phnum == 0 {
        return None;
    }
    let mut image_end = (phoff.checked_add(phnum * PHDR)?).max(EHDR) as u64;
    for i in 0..phnum {
        let at = phoff + i * PHDR;
        let (offset, filesz) = (u64_at(elf, at + 8)?, u64_at(elf, at + 32)?);
        image_end = image_end.max(offset.checked_add(filesz)?);
    }
    for s in sections.iter().filter(|s| s.flags & SHF_ALLOC != 0 && in_file(s)) {
        image_end = image_end.max(s.offset.checked_add(s.size)?);
    }
    let image_end = usize::try_from(image_end).ok().filter(|&end| end <= elf.len())?;
    // Sections before `first_tail` stay where they are (inside the image);
    // the ones from it on are after the image and are moved or dropped.
    let first_tail = 1 + sections.iter().rposition(|s| s.flags & SHF_ALLOC != 0).unwrap_or(0);
    for (i, s) in sections.iter().enumerate().skip(1) {
        let inside = !in_file(s) || s.offset.checked_add(s.size)? <= image_end as u64;
        let after = !in_file(s) || s.offset >= image_end as u64;
        if (i < first_tail && !inside) || (i >= first_tail && (s.flags & SHF_ALLOC != 0 || !after)) {
            return None;
        }
    }
    if shstrndx < first_tail {
        return None;
    }
    let names = bytes_of(&sections[shstrndx])?;
    // The string table of a dropped symbol table goes too, unless it also
    // holds the section names.
    let mut dropped = vec![false; shnum];
    for (i, s) in sections.iter().enumerate().skip(first_tail) {
        if left_out(name_at(names, s.name), s) {
            dropped[i] = true;
            if s.kind == SHT_SYMTAB && (s.link as usize) >= first_tail && s.link as usize != shstrndx {
                *dropped.get_mut(s.link as usize)? = true;
            }
        }
    }
    let mut new_index = vec![0u32; shnum];
    let mut next = 0u32;
    for (i, gone) in dropped.iter().enumerate() {
        if !gone {
            new_index[i] = next;
            next += 1;
        }
    }
    let game_index = next;
    // The section names with the game section's name added.
    let mut new_names = names.to_vec();
    let game_name = u32::try_from(new_names.len()).ok()?;
    new_names.extend_from_slice(GAME_SECTION.as_bytes());
    new_names.push(0);

    let mut out = Vec::with_capacity(image_end + game.len() + 4096);
    out.extend_from_slice(&elf[..image_end]);
    let mut headers: Vec<[u8; SHDR]> = Vec::with_capacity(shnum + 1);
    for (i, s) in sections.iter().enumerate() {
        if dropped[i] {
            continue;
        }
        let at = usize::try_from(shoff).ok()? + i * SHDR;
        let mut header: [u8; SHDR] = elf.get(at..at + SHDR)?.try_into().ok()?;
        if i >= first_tail {
            let contents = if i == shstrndx {
                Some(new_names.as_slice())
            } else if in_file(s) {
                Some(bytes_of(s)?)
            } else {
                None
            };
            let offset = match contents {
                Some(contents) => {
                    pad_to(&mut out, s.align);
                    let offset = out.len();
                    out.extend_from_slice(contents);
                    header[32..40].copy_from_slice(&(contents.len() as u64).to_le_bytes());
                    offset
                }
                None => out.len(),
            };
            header[24..32].copy_from_slice(&(offset as u64).to_le_bytes());
        }
        let link = if (s.link as usize) < shnum && !dropped[s.link as usize] { new_index[s.link as usize] } else { 0 };
        header[40..44].copy_from_slice(&link.to_le_bytes());
        headers.push(header);
    }
    let game_offset = out.len() as u64;
    out.extend_from_slice(game);
    let mut header = [0u8; SHDR];
    header[0..4].copy_from_slice(&game_name.to_le_bytes());
    header[4..8].copy_from_slice(&SHT_PROGBITS.to_le_bytes());
    header[24..32].copy_from_slice(&game_offset.to_le_bytes());
    header[32..40].copy_from_slice(&(game.len() as u64).to_le_bytes());
    header[48..56].copy_from_slice(&1u64.to_le_bytes());
    headers.push(header);
    pad_to(&mut out, 8);
    let new_shoff = out.len() as u64;
    for header in &headers {
        out.extend_from_slice(header);
    }
    out[0x28..0x30].copy_from_slice(&new_shoff.to_le_bytes());
    out[0x3C..0x3E].copy_from_slice(&u16::try_from(game_index + 1).ok()?.to_le_bytes());
    out[0x3E..0x40].copy_from_slice(&u16::try_from(new_index[shstrndx]).ok()?.to_le_bytes());
    Some(out)
}

/// Zero bytes up to the next multiple of `align` (0 and 1 align nothing).
fn pad_to(out: &mut Vec<u8>, align: u64) {
    let align = usize::try_from(align.max(1)).unwrap_or(1);
    while !out.len().is_multiple_of(align) {
        out.push(0);
    }
}

/// The contents of the section named `wanted` in the ELF file `file`,
/// read through its section table without reading the rest; `None` when
/// `file` is not a 64-bit little-endian ELF file or has no such section,
/// or when the section is larger than `max` bytes.
///
/// # Errors
/// When reading fails.
pub fn section<F: std::io::Read + std::io::Seek>(
    file: &mut F,
    wanted: &str,
    max: u64,
) -> std::io::Result<Option<Vec<u8>>> {
    let mut header = [0u8; EHDR];
    file.seek(SeekFrom::Start(0))?;
    if file.read_exact(&mut header).is_err() || !is_elf64_le(&header) {
        return Ok(None);
    }
    let Some((shoff, shnum, _, shstrndx)) = section_table(&header) else {
        return Ok(None);
    };
    let mut table = vec![0u8; shnum * SHDR];
    file.seek(SeekFrom::Start(shoff))?;
    if file.read_exact(&mut table).is_err() {
        return Ok(None);
    }
    let sections: Option<Vec<Section>> = table.chunks_exact(SHDR).map(parse_section).collect();
    let Some(sections) = sections else {
        return Ok(None);
    };
    let read = |file: &mut F, s: &Section| -> std::io::Result<Option<Vec<u8>>> {
        if s.kind == SHT_NOBITS || s.size > max {
            return Ok(None);
        }
        let mut bytes = vec![0u8; usize::try_from(s.size).unwrap_or(0)];
        file.seek(SeekFrom::Start(s.offset))?;
        Ok(file.read_exact(&mut bytes).is_ok().then_some(bytes))
    };
    // Section names are short; a names table this large is not one.
    let Some(names) = read(file, &sections[shstrndx])? else {
        return Ok(None);
    };
    match sections.iter().find(|s| name_at(&names, s.name) == wanted.as_bytes()) {
        Some(s) => read(file, s),
        None => Ok(None),
    }
}

/// The game in the section [`GAME_SECTION`] of the ELF file `bytes`.
#[cfg(test)]
pub fn game_section(bytes: &[u8]) -> Option<Vec<u8>> {
    section(&mut std::io::Cursor::new(bytes), GAME_SECTION, u64::MAX).ok().flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names of the sections of the ELF file `bytes`.
    fn section_names(bytes: &[u8]) -> Vec<String> {
        let (shoff, shnum, _, shstrndx) = section_table(bytes).expect("a section table");
        let sections: Vec<Section> = (0..shnum)
            .map(|i| parse_section(&bytes[shoff as usize + i * SHDR..][..SHDR]).expect("a section"))
            .collect();
        let names = &sections[shstrndx];
        let names = &bytes[names.offset as usize..][..names.size as usize];
        sections.iter().map(|s| String::from_utf8_lossy(name_at(names, s.name)).into_owned()).collect()
    }

    /// This test program is an ELF file with debug line tables (the dev
    /// profile): its export keeps the loaded image byte for byte, loses the
    /// debug and symbol tables and gains the game, once.
    #[cfg(target_os = "linux")]
    #[test]
    fn an_elf_file_loses_its_debug_tables_and_gains_the_game_section() {
        let me = std::fs::read(std::env::current_exe().expect("exe")).expect("read");
        let before = section_names(&me);
        assert!(before.iter().any(|n| n == ".debug_line") && before.iter().any(|n| n == ".symtab"), "{before:?}");
        let out = with_game(&me, b"title One\n").expect("rewritten");
        assert!(out.len() < me.len());
        let after = section_names(&out);
        // `.debug_gdb_scripts` is mapped (part of the image); the tables go.
        let tables =
            |n: &&String| (n.starts_with(".debug") && *n != ".debug_gdb_scripts") || *n == ".symtab" || *n == ".strtab";
        assert!(!after.iter().any(|n| tables(&n)), "{after:?}");
        assert_eq!(after.iter().filter(|n| *n == GAME_SECTION).count(), 1);
        for kept in [".text", ".rodata", ".dynamic", ".shstrtab"] {
            assert!(after.iter().any(|n| n == kept), "{kept} kept: {after:?}");
        }
        assert_eq!(game_section(&out).as_deref(), Some(&b"title One\n"[..]));
        assert_eq!(game_section(&me), None);
        // The program headers, and every byte they map, are unchanged but
        // for the file header's section table fields.
        let mut header = me[..EHDR].to_vec();
        header[0x28..0x30].copy_from_slice(&out[0x28..0x30]);
        header[0x3C..0x40].copy_from_slice(&out[0x3C..0x40]);
        assert!(header == out[..EHDR], "only the section table fields change in the file header");
        let mut me = me.clone();
        me[..EHDR].copy_from_slice(&header);
        let phoff = u64_at(&me, 0x20).expect("phoff") as usize;
        let phnum = usize::from(u16_at(&me, 0x38).expect("phnum"));
        for i in 0..phnum {
            let at = phoff + i * PHDR;
            let (offset, filesz) =
                (u64_at(&me, at + 8).expect("off") as usize, u64_at(&me, at + 32).expect("size") as usize);
            assert!(me[offset..offset + filesz] == out[offset..offset + filesz], "segment {i} differs");
        }
        // An export of an export replaces the game.
        let again = with_game(&out, b"title Two\n").expect("rewritten");
        assert_eq!(game_section(&again).as_deref(), Some(&b"title Two\n"[..]));
        assert_eq!(section_names(&again), after);
    }

    #[test]
    fn other_files_are_left_to_the_trailer() {
        assert_eq!(with_game(b"MZ\x90\0a pretend PE image", b"title W\n"), None);
        assert_eq!(with_game(b"\x7fELF", b"title W\n"), None);
        // A 32-bit or big-endian ELF file is not rewritten either.
        let mut header = vec![0u8; EHDR];
        header[..4].copy_from_slice(b"\x7fELF");
        header[4] = 1;
        header[5] = 1;
        assert_eq!(with_game(&header, b"title W\n"), None);
        assert_eq!(game_section(&header), None);
    }
}
