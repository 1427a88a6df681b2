// The last step before any byte reaches stdout or stderr: text from outside (nvidia-smi, nvcc, Python,
// a pasted log, a teammate's Snapshot) may carry escape sequences that retitle the window, clear the
// screen, hide text or move the cursor. Only gpuenv's own colours survive, and only when colour is on.

// The SGR codes makeStyle emits through util.styleText: bold/dim (1, 2, 22), red, green, yellow, cyan (31,
// 32, 33, 36) and the default colour (39). Anything else, conceal (8) included, is dropped.
const OWN_SGR = /^\x1b\[(?:1|2|22|31|32|33|36|39)m$/;
// ESC sequences (CSI with parameters, OSC up to BEL or ST, DCS/SOS/PM/APC up to ST, two-byte ESC x),
// their 8-bit C1 forms, then any other C0/C1 control but tab and newline, and DEL.
const SEQUENCE =
  /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[PX^_][^\x1b]*(?:\x1b\\)?|\x1b[@-Z\\-_]|\u009b[0-?]*[ -/]*[@-~]|\u009d[^\x07\u009c]*(?:\x07|\u009c)?|[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

/** The text without any escape sequence or control character (what display width is measured on). */
export function withoutEscapes(text: string): string {
  return /[\x00-\x08\x0b-\x1f\x7f-\x9f]/.test(text) ? text.replace(SEQUENCE, '') : text;
}

export function terminalSafe(text: string, color: boolean): string {
  // A fast path for the common case: nothing to look at.
  if (!/[\x00-\x08\x0b-\x1f\x7f-\x9f]/.test(text)) return text;
  return text.replace(SEQUENCE, (seq) => (color && OWN_SGR.test(seq) ? seq : ''));
}
