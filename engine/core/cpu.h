/* Processor features chosen when the program starts, not when it is built.
 *
 * x86-64's baseline has no popcnt instruction, so in a portable build GCC and clang turn
 * __builtin_popcount into a call to libgcc's __popcountdi2 (about 20 instructions). Put
 * KK_POPCNT_CLONES before a function that counts bits in a hot path: the compiler builds
 * it twice, once for processors with popcnt (the builtin is then one instruction, and so
 * is every helper inlined into it) and once for the baseline, and the loader binds the
 * function, its callers and every pointer to it to the copy this processor can run (an
 * ELF ifunc, resolved once at start-up). Elsewhere (another architecture, a build that
 * already targets popcnt such as KK_NATIVE, a compiler without target_clones) it is
 * empty and the function is built once, as before. Clang names the copies' resolver after
 * the function with external linkage (NAME.resolver): a static function given these
 * clones needs a name no other file of the library gives one. */
#ifndef KK_CPU_H
#define KK_CPU_H

#if defined(__x86_64__) && defined(__ELF__) && !defined(__POPCNT__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define KK_POPCNT_CLONES __attribute__((target_clones("popcnt", "default")))
#endif
#endif
#ifndef KK_POPCNT_CLONES
#define KK_POPCNT_CLONES
#endif

#endif
