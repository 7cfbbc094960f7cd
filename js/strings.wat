;; Code-unit moves between JS strings and the main module's memory through the WebAssembly JS
;; String Builtins (`wasm:js-string`), for engines that have them (Chromium 130+, Firefox 134+).
;; There they replace a `charCodeAt` loop in and `String.fromCharCode.apply` out, which cost more
;; than the transcoding itself: measured in Chromium 156, about 1 ns per unit each way against
;; 2.5 ns in and 4 ns out.
;;
;; Assembled by scripts/build.mjs (binaryen's parser) and embedded in the main entry; js/wasm.ts
;; compiles it with `{ builtins: ['js-string'] }` and falls back to the loops where that fails.
;; Both directions copy through one GC array of code units that is kept and grown as needed.
(module
  (type $units (array (mut i16)))
  (import "wasm:js-string" "substring"
    (func $substring (param externref i32 i32) (result (ref extern))))
  (import "wasm:js-string" "intoCharCodeArray"
    (func $intoCharCodeArray (param externref (ref null $units) i32) (result i32)))
  (import "wasm:js-string" "fromCharCodeArray"
    (func $fromCharCodeArray (param (ref null $units) i32 i32) (result (ref extern))))
  (import "env" "memory" (memory 0))

  (global $array (mut (ref null $units)) (ref.null $units))

  ;; The kept array, grown to at least $count units.
  (func $arrayFor (param $count i32) (result (ref $units))
    (if (ref.is_null (global.get $array))
      (then (global.set $array (array.new_default $units (local.get $count)))))
    (if (i32.lt_u (array.len (global.get $array)) (local.get $count))
      (then (global.set $array (array.new_default $units (local.get $count)))))
    (ref.as_non_null (global.get $array)))

  ;; Writes the code units of text[start..end) to memory at byte address $at (little-endian).
  (func (export "write") (param $text externref) (param $start i32) (param $end i32) (param $at i32)
    (local $array (ref $units)) (local $count i32) (local $i i32)
    (local.set $count (i32.sub (local.get $end) (local.get $start)))
    (local.set $array (call $arrayFor (local.get $count)))
    (drop (call $intoCharCodeArray
      (call $substring (local.get $text) (local.get $start) (local.get $end))
      (local.get $array) (i32.const 0)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $count)))
        (i32.store16 (local.get $at) (array.get_u $units (local.get $array) (local.get $i)))
        (local.set $at (i32.add (local.get $at) (i32.const 2)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next))))

  ;; The string of the $count code units in memory at byte address $at.
  (func (export "read") (param $at i32) (param $count i32) (result externref)
    (local $array (ref $units)) (local $i i32)
    (local.set $array (call $arrayFor (local.get $count)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $count)))
        (array.set $units (local.get $array) (local.get $i) (i32.load16_u (local.get $at)))
        (local.set $at (i32.add (local.get $at) (i32.const 2)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))
    (call $fromCharCodeArray (local.get $array) (i32.const 0) (local.get $count))))
