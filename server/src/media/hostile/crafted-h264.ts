/**
 * Test support: rewrites the frame size declared by an H.264 stream's sequence parameter set, so a tiny
 * baseline-profile stream claims an enormous picture (the "1.5 KB file declaring 16240x16240" attack).
 */

class BitReader {
  #bit = 0;
  readonly #bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    this.#bytes = bytes;
  }
  get position() {
    return this.#bit;
  }
  bit(): number {
    const value = (this.#bytes[this.#bit >> 3]! >> (7 - (this.#bit & 7))) & 1;
    this.#bit++;
    return value;
  }
  bits(count: number): number {
    let value = 0;
    for (let index = 0; index < count; index++) value = value * 2 + this.bit();
    return value;
  }
  /** Unsigned exp-Golomb. */
  ue(): number {
    let zeros = 0;
    while (this.bit() === 0) zeros++;
    return 2 ** zeros - 1 + this.bits(zeros);
  }
}

class BitWriter {
  readonly #bits: number[] = [];
  bits(value: number, count: number) {
    for (let index = count - 1; index >= 0; index--) this.#bits.push(Math.floor(value / 2 ** index) % 2);
  }
  ue(value: number) {
    const code = value + 1;
    const length = Math.floor(Math.log2(code));
    this.bits(0, length);
    this.bits(code, length + 1);
  }
  copy(reader: BitReader, count: number) {
    for (let index = 0; index < count; index++) this.#bits.push(reader.bit());
  }
  bytes(): Uint8Array {
    const out = new Uint8Array(Math.ceil(this.#bits.length / 8));
    this.#bits.forEach((bit, index) => {
      if (bit) out[index >> 3]! |= 0x80 >> (index & 7);
    });
    return out;
  }
}

const removeEmulationPrevention = (nal: Uint8Array) => {
  const out: number[] = [];
  for (let index = 0; index < nal.length; index++) {
    if (index >= 2 && nal[index] === 3 && nal[index - 1] === 0 && nal[index - 2] === 0) continue;
    out.push(nal[index]!);
  }
  return Uint8Array.from(out);
};

const addEmulationPrevention = (rbsp: Uint8Array) => {
  const out: number[] = [];
  let zeros = 0;
  for (const byte of rbsp) {
    if (zeros >= 2 && byte <= 3) {
      out.push(3);
      zeros = 0;
    }
    out.push(byte);
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  return Uint8Array.from(out);
};

/** The SPS payload (after the NAL header byte) with the frame size replaced by macroblock counts. */
function rewriteSps(payload: Uint8Array, widthInMbs: number, heightInMbs: number): Uint8Array {
  const reader = new BitReader(removeEmulationPrevention(payload));
  const writer = new BitWriter();
  const profile = reader.bits(8);
  if (profile !== 66) throw new Error(`expected a baseline-profile SPS, got profile ${profile}`);
  writer.bits(profile, 8);
  writer.copy(reader, 16); // constraint flags, level
  writer.ue(reader.ue()); // seq_parameter_set_id
  writer.ue(reader.ue()); // log2_max_frame_num_minus4
  const pocType = reader.ue();
  writer.ue(pocType);
  if (pocType === 0) writer.ue(reader.ue());
  else if (pocType === 1) throw new Error('pic_order_cnt_type 1 is not handled');
  writer.ue(reader.ue()); // max_num_ref_frames
  writer.copy(reader, 1); // gaps_in_frame_num_value_allowed_flag
  reader.ue();
  reader.ue();
  writer.ue(widthInMbs - 1);
  writer.ue(heightInMbs - 1);
  const rest = removeEmulationPrevention(payload).length * 8 - reader.position;
  writer.copy(reader, rest);
  return addEmulationPrevention(writer.bytes());
}

/** Rewrites every SPS of an Annex B stream to declare width x height (multiples of 16). */
export function declareFrameSize(annexB: Uint8Array, width: number, height: number): Uint8Array {
  const starts: number[] = [];
  for (let index = 0; index + 3 <= annexB.length; index++) {
    if (annexB[index] === 0 && annexB[index + 1] === 0 && annexB[index + 2] === 1) starts.push(index + 3);
  }
  const parts: Uint8Array[] = [];
  starts.forEach((start, index) => {
    let end = index + 1 < starts.length ? starts[index + 1]! - 3 : annexB.length;
    while (end > start && annexB[end - 1] === 0) end--;
    const nal = annexB.subarray(start, end);
    const type = nal[0]! & 0x1f;
    const body = type === 7 ? Uint8Array.of(nal[0]!, ...rewriteSps(nal.subarray(1), width / 16, height / 16)) : nal;
    parts.push(Uint8Array.of(0, 0, 0, 1), body);
  });
  return Uint8Array.from(parts.flatMap((part) => [...part]));
}
