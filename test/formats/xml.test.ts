// The nvidia-smi -q -x reader: entities, numeric character references, and malformed input.
import { describe, expect, it } from 'vitest';
import { parseSmiXml } from '../../src/formats/smi-xml.js';
import { child, parseXml, textOf } from '../../src/formats/xml.js';

describe('parseXml', () => {
  it('decodes the five named entities in text and attributes', () => {
    const root = parseXml(`<a k="&quot;x&apos; &lt;&gt;">&lt;b&gt; &amp; &quot;c&quot; &apos;d&apos;</a>`);
    const a = child(root, 'a')!;
    expect(a.text).toBe(`<b> & "c" 'd'`);
    expect(a.attrs.k).toBe(`"x' <>`);
  });

  it('decodes decimal and hexadecimal character references (&#38; &#x26;)', () => {
    const root = parseXml('<a id="&#x30;000:3B">R&#38;D &#x26; QA &#X26; &#x4E2D;&#25991; &#x1F600;</a>');
    const a = child(root, 'a')!;
    expect(a.text).toBe('R&D & QA &#X26; 中文 😀');
    expect(a.attrs.id).toBe('0000:3B');
  });

  it('decodes once: an escaped reference stays a reference', () => {
    expect(textOf(parseXml('<a>&amp;#38; &amp;amp;</a>'), 'a')).toBe('&#38; &amp;');
  });

  it('keeps references it cannot decode as written', () => {
    const text = '&#0; &#xD800; &#x110000; &#99999999; &nbsp; &LT; &#; &#x;';
    expect(child(parseXml(`<a>${text}</a>`), 'a')!.text).toBe(text);
  });

  it('keeps what closed properly in malformed input, never throws', () => {
    const root = parseXml('<log><gpu id="1"><name>H200</name><broken>');
    expect(textOf(root, 'log/gpu/name')).toBe('H200');
    expect(() => parseXml('<<>>&#x;</a><')).not.toThrow();
  });
});

describe('parseSmiXml', () => {
  it('reads a product name written with a character reference', () => {
    const facts = parseSmiXml(
      '<?xml version="1.0" ?><nvidia_smi_log><driver_version>580.159.04</driver_version><cuda_version>13.0</cuda_version>' +
        '<gpu id="00000000:3B:00.0"><product_name>NVIDIA H200 &#x26; friends</product_name></gpu></nvidia_smi_log>',
    );
    expect(facts.driverVersion).toBe('580.159.04');
    expect(facts.cudaVersion).toBe('13.0');
    expect(facts.gpus.map((g) => [g.name, g.pciBusId])).toEqual([['NVIDIA H200 & friends', '00000000:3B:00.0']]);
  });
});
