;; Test module for svc's WASM host ABI (see svc.core.tools.wasm.WasmHostAbi).
;; Input: {"url":"<url>"}. GETs the URL with http_get and answers with the body (JSON expected).
(module
  (import "svc" "http_get" (func $http_get (param i32 i32 i32 i32) (result i32)))
  (memory (export "memory") 1)
  (global $heap (mut i32) (i32.const 1024))
  (func (export "alloc") (param $n i32) (result i32)
    (local $p i32)
    (local.set $p (global.get $heap))
    (global.set $heap (i32.add (global.get $heap) (local.get $n)))
    (local.get $p))
  ;; {"url":" is 8 bytes, "} is 2.
  (func (export "run") (param $ptr i32) (param $len i32) (result i64)
    (local $n i32)
    (local.set $n
      (call $http_get
        (i32.add (local.get $ptr) (i32.const 8))
        (i32.sub (local.get $len) (i32.const 10))
        (i32.const 32768) (i32.const 32768)))
    (if (i32.lt_s (local.get $n) (i32.const 0)) (then unreachable))
    (i64.or (i64.shl (i64.const 32768) (i64.const 32)) (i64.extend_i32_u (local.get $n)))))
