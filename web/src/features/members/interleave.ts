/** Photos with the member's words between them: words after each photo while both last, then the rest of either. */
export function interleave<Item>(photos: readonly Item[], words: readonly Item[]): Item[] {
  const mixed: Item[] = [];
  for (let index = 0; index < Math.max(photos.length, words.length); index++) {
    const photo = photos[index];
    const word = words[index];
    if (photo !== undefined) mixed.push(photo);
    if (word !== undefined) mixed.push(word);
  }
  return mixed;
}
