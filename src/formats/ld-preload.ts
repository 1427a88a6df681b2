// The two preload lists of glibc's dynamic loader (ld.so(8)): LD_PRELOAD, whose items are separated by spaces or
// colons, and /etc/ld.so.preload, whose names are separated by white space or colons and which may hold comments
// introduced by '#' (glibc elf/rtld.c: `strsep (&list, " :")` for the variable; the file's parser blanks each '#' to
// the end of its line first). Both load their objects before any other, in every process they apply to.

/** The items of LD_PRELOAD's value, in order, empty items dropped. */
export function splitLdPreload(value: string): string[] {
  return value.split(/[ :]/).filter((s) => s !== '');
}

/** The names /etc/ld.so.preload lists, in order, comments left out. */
export function parseLdSoPreload(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/#.*$/, ''))
    .flatMap((line) => line.split(/[\s:]+/))
    .filter((s) => s !== '');
}
