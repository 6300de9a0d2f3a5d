;; Test module for svc's WASM host ABI: asks for 1000 more pages (64 MB) of memory.
(module
  (memory (export "memory") 1)
  (global $heap (mut i32) (i32.const 1024))
  (data (i32.const 0) "{\"grew\":true}")
  (func (export "alloc") (param $n i32) (result i32)
    (local $p i32)
    (local.set $p (global.get $heap))
    (global.set $heap (i32.add (global.get $heap) (local.get $n)))
    (local.get $p))
  (func (export "run") (param $ptr i32) (param $len i32) (result i64)
    (drop (memory.grow (i32.const 1000)))
    (i64.const 13)))
