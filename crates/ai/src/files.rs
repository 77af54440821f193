//! Reading pack and board files from disk. This lives outside `game` because the
//! engine does no IO: it only parses text it is given.

use crate::game::Pack;
use crate::game::pack::PackError;
use std::path::Path;

fn read(path: &Path) -> Result<(String, String), PackError> {
    let file = path.display().to_string();
    match std::fs::read_to_string(path) {
        Ok(text) => Ok((file, text)),
        Err(e) => Err(PackError {
            file,
            line: None,
            item: None,
            field: None,
            message: format!("cannot read the file: {e}"),
        }),
    }
}

pub fn load_pack(path: &Path) -> Result<Pack, PackError> {
    let (file, text) = read(path)?;
    Pack::parse(&file, &text)
}
