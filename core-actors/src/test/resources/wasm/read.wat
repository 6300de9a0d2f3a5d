;; Test module for svc's WASM host ABI (see svc.core.tools.wasm.WasmHostAbi).
;; Input: {"path":"<relative path>"}. Logs one line, reads that workspace file with read_file
;; and answers with its content (the file is expected to hold JSON).
(module
  (import "svc" "log" (func $log (param i32 i32) (result i32)))
  (import "svc" "read_file" (func $read_file (param i32 i32 i32 i32) (result i32)))
  (memory (export "memory") 1)
  (global $heap (mut i32) (i32.const 1024))
  (data (i32.const 0) "reading a workspace file")
  (func (export "alloc") (param $n i32) (result i32)
    (local $p i32)
    (local.set $p (global.get $heap))
    (global.set $heap (i32.add (global.get $heap) (local.get $n)))
    (local.get $p))
  ;; {"path":" is 9 bytes, "} is 2: what lies between is the path.
  (func (export "run") (param $ptr i32) (param $len i32) (result i64)
    (local $n i32)
    (drop (call $log (i32.const 0) (i32.const 24)))
    (local.set $n
      (call $read_file
        (i32.add (local.get $ptr) (i32.const 9))
        (i32.sub (local.get $len) (i32.const 11))
        (i32.const 32768) (i32.const 32768)))
    (if (i32.lt_s (local.get $n) (i32.const 0)) (then unreachable))
    (i64.or (i64.shl (i64.const 32768) (i64.const 32)) (i64.extend_i32_u (local.get $n)))))
