;; Test module for svc's WASM host ABI (see svc.core.tools.wasm.WasmHostAbi).
;; Input: {"name":"<secret>"}. Answers {"set":1} when secret_check says the secret is set, else {"set":0}.
(module
  (import "svc" "secret_check" (func $secret_check (param i32 i32) (result i32)))
  (memory (export "memory") 1)
  (global $heap (mut i32) (i32.const 1024))
  (data (i32.const 0) "{\"set\":0}")
  (func (export "alloc") (param $n i32) (result i32)
    (local $p i32)
    (local.set $p (global.get $heap))
    (global.set $heap (i32.add (global.get $heap) (local.get $n)))
    (local.get $p))
  ;; {"name":" is 9 bytes, "} is 2; the digit of the answer is byte 7.
  (func (export "run") (param $ptr i32) (param $len i32) (result i64)
    (i32.store8 (i32.const 7)
      (i32.add (i32.const 48)
        (call $secret_check
          (i32.add (local.get $ptr) (i32.const 9))
          (i32.sub (local.get $len) (i32.const 11)))))
    (i64.const 9)))
