// `nvcc --version`: read from the toolkits the probe finds and from pasted logs.

/** "Cuda compilation tools, release 13.0, V13.0.88" → "13.0.88". */
export function parseNvccVersion(text: string): string | undefined {
  const m = /release (\d+\.\d+), V(\d+\.\d+\.\d+)/.exec(text);
  if (m) return m[2];
  return /release (\d+\.\d+)/.exec(text)?.[1];
}
