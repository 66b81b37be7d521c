#include "attn/common/check.hpp"

#include <cstdio>

namespace attn {

void throw_invalid(std::string message) {
    throw invalid_input(message);
}

void check_memory(const std::string& fn, std::uint64_t bytes) {
    constexpr std::uint64_t mb = std::uint64_t{1} << 20;
    if (bytes > memory_budget)
        fail(fn, "needs ", (bytes + mb - 1) / mb,
             " MB of memory for its inputs, intermediates and results, more than the limit of ",
             memory_budget / mb, " MB");
}

std::string shape_str(const mat& m) {
    return cat(m.shape(0), " x ", m.shape(1));
}

std::string num_str(double x) {
    if (std::isnan(x)) return "NaN";
    if (std::isinf(x)) return x > 0 ? "Infinity" : "-Infinity";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", x);
    return buf;
}

namespace {
void check_finite(const std::string& fn, const char* name, const double* p, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i)
        if (!std::isfinite(p[i]))
            fail(fn, name, " has a non-finite entry (", p[i], ") at flat index ", i);
}
}  // namespace

void check_vector(const std::string& fn, const char* name, const vec& v) {
    if (v.size() == 0) fail(fn, name, " is empty");
    if (v.size() > max_elements)
        fail(fn, name, " has ", v.size(), " entries, more than the limit ", max_elements);
    check_finite(fn, name, v.data(), v.size());
}

void check_matrix(const std::string& fn, const char* name, const mat& m) {
    if (m.shape(0) == 0 || m.shape(1) == 0)
        fail(fn, name, " is empty (", shape_str(m), ")");
    if (m.shape(0) > max_dim || m.shape(1) > max_dim || m.size() > max_elements)
        fail(fn, name, " is ", shape_str(m), ", larger than the limit of ", max_dim,
             " per side and ", max_elements, " entries");
    check_finite(fn, name, m.data(), m.size());
}

void check_qkv(const std::string& fn, const mat& Q, const mat& K, const mat& V) {
    check_matrix(fn, "Q", Q);
    check_matrix(fn, "K", K);
    check_matrix(fn, "V", V);
    if (K.shape(1) != Q.shape(1))
        fail(fn, "K has ", K.shape(1), " columns but Q has ", Q.shape(1),
             " (queries and keys need the same d_k)");
    if (V.shape(0) != K.shape(0))
        fail(fn, "V has ", V.shape(0), " rows but K has ", K.shape(0), " (one value per key)");
}

void check_square(const std::string& fn, const char* name, const mat& m) {
    check_matrix(fn, name, m);
    if (m.shape(0) != m.shape(1))
        fail(fn, name, " must be square but is ", shape_str(m));
}

void check_positive_finite(const std::string& fn, const char* name, double x) {
    if (!std::isfinite(x) || x <= 0)
        fail(fn, name, " must be a positive finite number, got ", x);
}

}  // namespace attn
