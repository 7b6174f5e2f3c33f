use super::name_len;

#[test]
fn names_join_words_with_colons() {
    assert_eq!(name_len("player:up rest"), 9);
    assert_eq!(name_len("a:b:c;"), 5);
    assert_eq!(name_len("a: b"), 1, "a colon must be followed by a word");
    assert_eq!(name_len(":a"), 0);
}
