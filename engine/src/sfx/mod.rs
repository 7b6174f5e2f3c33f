//! Sound seeds -> sfxr parameters -> samples. (Placeholder until it lands.)
