#!/usr/bin/env node
// Assembles the dense-scan kernel of apps/server/src/modules/search/engine/search.dense.ts and prints
// it as base64 (the constant KERNEL there), then checks it against a plain computation.
//
//   node apps/server/scripts/build-dense-kernel.mjs
//
// One exported function, dot(v, q, rows, stride, out): for each of `rows` rows of `stride`
// int8 values at v (stride a multiple of 8), out[r] (int32) = Σ v[r·stride + d] · q[d] with q
// int16. Eight lanes at a time with WebAssembly SIMD (v128.load8x8_s, i32x4.dot_i16x8_s):
// exact integers, no overflow for |v| ≤ 128, |q| ≤ 32767 and stride ≤ 512. Memory "env"."m"
// is imported. Written as bytes so that no assembler is needed; the text form:
//
//   (func (param $v i32) (param $q i32) (param $rows i32) (param $stride i32) (param $out i32)
//     (local $r i32) (local $d i32) (local $acc v128)
//     (block (br_if 0 (i32.eqz (local.get $rows)))
//       (loop $row
//         (local.set $acc (v128.const i32x4 0 0 0 0)) (local.set $d (i32.const 0))
//         (loop $dim
//           (local.set $acc (i32x4.add (local.get $acc) (i32x4.dot_i16x8_s
//             (v128.load8x8_s (i32.add (local.get $v) (local.get $d)))
//             (v128.load (i32.add (local.get $q) (i32.shl (local.get $d) (i32.const 1)))))))
//           (br_if $dim (i32.lt_u (local.tee $d (i32.add (local.get $d) (i32.const 8))) (local.get $stride))))
//         (i32.store (i32.add (local.get $out) (i32.shl (local.get $r) (i32.const 2)))
//           (i32.add (i32.add (i32x4.extract_lane 0 (local.get $acc)) (i32x4.extract_lane 1 (local.get $acc)))
//                    (i32.add (i32x4.extract_lane 2 (local.get $acc)) (i32x4.extract_lane 3 (local.get $acc)))))
//         (local.set $v (i32.add (local.get $v) (local.get $stride)))
//         (br_if $row (i32.lt_u (local.tee $r (i32.add (local.get $r) (i32.const 1))) (local.get $rows))))))
const leb = (n) => {
  const out = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
};
const vec = (items) => [...leb(items.length), ...items.flat()];
const section = (id, bytes) => [id, ...leb(bytes.length), ...bytes];
const name = (s) => [...leb(s.length), ...Buffer.from(s)];
const [V, Q, ROWS, STRIDE, OUT, R, D, ACC] = [0, 1, 2, 3, 4, 5, 6, 7];
const get = (i) => [0x20, i];
const set = (i) => [0x21, i];
const tee = (i) => [0x22, i];
const i32 = (n) => [0x41, ...leb(n)];
const simd = (op, ...imm) => [0xfd, ...leb(op), ...imm];
const [ADD, SHL, LT_U, EQZ, BR_IF, BLOCK, LOOP, VOID, END, STORE] = [
  0x6a, 0x74, 0x49, 0x45, 0x0d, 0x02, 0x03, 0x40, 0x0b, 0x36,
];
const [LOAD, LOAD8X8_S, CONST, EXTRACT, DOT, ADD4] = [0x00, 0x01, 0x0c, 0x1b, 0xba, 0xae];
const lane = (i) => [...get(ACC), ...simd(EXTRACT, i)];
const code = [
  BLOCK,
  VOID,
  ...get(ROWS),
  EQZ,
  BR_IF,
  0,
  LOOP,
  VOID,
  ...simd(CONST, ...new Array(16).fill(0)),
  ...set(ACC),
  ...i32(0),
  ...set(D),
  LOOP,
  VOID,
  ...get(ACC),
  ...get(V),
  ...get(D),
  ADD,
  ...simd(LOAD8X8_S, 0, 0),
  ...get(Q),
  ...get(D),
  ...i32(1),
  SHL,
  ADD,
  ...simd(LOAD, 0, 0),
  ...simd(DOT),
  ...simd(ADD4),
  ...set(ACC),
  ...get(D),
  ...i32(8),
  ADD,
  ...tee(D),
  ...get(STRIDE),
  LT_U,
  BR_IF,
  0,
  END,
  ...get(OUT),
  ...get(R),
  ...i32(2),
  SHL,
  ADD,
  ...lane(0),
  ...lane(1),
  ADD,
  ...lane(2),
  ...lane(3),
  ADD,
  ADD,
  STORE,
  2,
  0,
  ...get(V),
  ...get(STRIDE),
  ADD,
  ...set(V),
  ...get(R),
  ...i32(1),
  ADD,
  ...tee(R),
  ...get(ROWS),
  LT_U,
  BR_IF,
  0,
  END,
  END,
  END,
];
const body = [
  ...vec([
    [2, 0x7f],
    [1, 0x7b],
  ]),
  ...code,
];
const bytes = Buffer.from([
  ...[0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0],
  ...section(1, vec([[0x60, ...vec([0x7f, 0x7f, 0x7f, 0x7f, 0x7f]), 0]])),
  ...section(2, vec([[...name('env'), ...name('m'), 0x02, 0x00, 0x01]])),
  ...section(3, vec([0])),
  ...section(7, vec([[...name('dot'), 0x00, 0]])),
  ...section(10, vec([[...leb(body.length), ...body]])),
]);

// Check: random rows against a plain computation.
const memory = new WebAssembly.Memory({ initial: 1 });
const { instance } = await WebAssembly.instantiate(bytes, { env: { m: memory } });
const rows = 50;
const stride = 104;
const v = new Int8Array(memory.buffer, 0, rows * stride);
for (let i = 0; i < v.length; i++) v[i] = Math.floor(Math.random() * 256) - 128;
const q = new Int16Array(memory.buffer, rows * stride, stride);
for (let i = 0; i < stride; i++) q[i] = Math.floor(Math.random() * 65535) - 32767;
instance.exports.dot(0, q.byteOffset, rows, stride, q.byteOffset + stride * 2);
const out = new Int32Array(memory.buffer, q.byteOffset + stride * 2, rows);
for (let r = 0; r < rows; r++) {
  let s = 0;
  for (let d = 0; d < stride; d++) s += v[r * stride + d] * q[d];
  if (s !== out[r]) throw new Error(`row ${r}: ${out[r]} instead of ${s}`);
}
console.log(bytes.toString('base64'));
