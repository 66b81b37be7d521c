// Input validation shared by every core function. Each check takes the
// public function name so that the message the learner sees starts with it.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <type_traits>

#include "attn/common/types.hpp"

namespace attn {

// Largest side of any matrix and length of any vector the core accepts:
// keeps every request far below the wasm module's 256 MB memory cap.
constexpr std::size_t max_dim = 4096;
constexpr std::size_t max_elements = 1u << 22;  // 4M doubles = 32 MB

// The memory one call of the attention family may need at its peak: its
// inputs (the binding's copies), intermediates and results together, as the
// function estimates them from the shapes (attention.cpp, sparse.cpp). The
// wasm module has 256 MB; measured there, calls whose estimate was up to
// 248-250 MB succeeded and 249-251 MB ran out of memory (the estimate is
// within 2 MB of what dlmalloc can hand out). 192 MB leaves 56 MB for what
// the estimate leaves out: a mask's transient double copy (up to 32 MB,
// freed before the work starts) and holes between blocks.
constexpr std::uint64_t memory_budget = std::uint64_t{192} << 20;
// Fails with "fn: needs N MB of memory for its inputs, intermediates and
// results, more than the limit of 192 MB" when bytes > memory_budget.
void check_memory(const std::string& fn, std::uint64_t bytes);

std::string num_str(double x);  // %g, with "NaN" / "Infinity" spelled as in JS

// Message pieces, appended to a std::string (no ostringstream: iostreams add
// ~30 KB gzip to the wasm): text as is, integers as std::to_string writes
// them, doubles as num_str. bool is refused (it would print as 1 or 0).
namespace detail {
inline void append(std::string& s, const std::string& x) { s += x; }
inline void append(std::string& s, const char* x) { s += x; }
inline void append(std::string& s, char x) { s += x; }
inline void append(std::string& s, double x) { s += num_str(x); }
void append(std::string& s, bool) = delete;
template <class T, std::enable_if_t<std::is_integral_v<T>, int> = 0>
void append(std::string& s, T x) {
    s += std::to_string(x);
}
}  // namespace detail

// The pieces joined: cat("heads[", h, "].") == "heads[2]." (parts by value,
// so that string literals of every length share one instantiation).
template <class... A>
std::string cat(A... parts) {
    std::string s;
    (detail::append(s, parts), ...);
    return s;
}

// Throws invalid_input "fn: " + the pieces, e.g.
// fail(fn, "K has ", K.shape(1), " columns but Q has ", Q.shape(1)).
[[noreturn]] void throw_invalid(std::string message);
template <class... A>
[[noreturn]] void fail(const std::string& fn, A... parts) {
    throw_invalid(cat(fn, ": ", parts...));
}

std::string shape_str(const mat& m);

void check_vector(const std::string& fn, const char* name, const vec& v);
void check_matrix(const std::string& fn, const char* name, const mat& m);
// Attention's inputs: Q n x d_k, K m x d_k, V m x d_v, each a valid matrix.
void check_qkv(const std::string& fn, const mat& Q, const mat& K, const mat& V);
void check_square(const std::string& fn, const char* name, const mat& m);
void check_positive_finite(const std::string& fn, const char* name, double x);

}  // namespace attn
