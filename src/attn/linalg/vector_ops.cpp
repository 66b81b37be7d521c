#include "attn/linalg/vector_ops.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "attn/common/check.hpp"

namespace attn {

namespace {

// Both vectors valid and of one length.
void check_pair(const std::string& fn, const vec& u, const vec& v) {
    check_vector(fn, "u", u);
    check_vector(fn, "v", v);
    if (u.size() != v.size())
        fail(fn, "u has ", u.size(), " entries but v has ", v.size(),
             " (they must have the same length)");
}

}  // namespace

vec add(const vec& u, const vec& v) {
    check_pair("add", u, v);
    const std::size_t n = u.size();
    vec out = xt::empty<double>({n});
    const double *a = u.data(), *b = v.data();
    double* o = out.data();
    for (std::size_t i = 0; i < n; ++i) o[i] = a[i] + b[i];
    return out;
}

vec sub(const vec& u, const vec& v) {
    check_pair("sub", u, v);
    const std::size_t n = u.size();
    vec out = xt::empty<double>({n});
    const double *a = u.data(), *b = v.data();
    double* o = out.data();
    for (std::size_t i = 0; i < n; ++i) o[i] = a[i] - b[i];
    return out;
}

vec scale(double alpha, const vec& v) {
    if (!std::isfinite(alpha)) fail("scale", "alpha must be a finite number, got ", alpha);
    check_vector("scale", "v", v);
    const std::size_t n = v.size();
    vec out = xt::empty<double>({n});
    const double* a = v.data();
    double* o = out.data();
    for (std::size_t i = 0; i < n; ++i) o[i] = alpha * a[i];
    return out;
}

double dot(const vec& u, const vec& v) {
    check_pair("dot", u, v);
    const double *a = u.data(), *b = v.data();
    double s = 0.0;
    for (std::size_t i = 0, n = u.size(); i < n; ++i) s += a[i] * b[i];
    return s;
}

double norm2_unchecked(const double* x, std::size_t n) {
    double amax = 0.0;
    for (std::size_t i = 0; i < n; ++i) amax = std::max(amax, std::fabs(x[i]));
    if (amax == 0.0 || !std::isfinite(amax)) return amax;
    // In the safe range sqrt(sum x_i^2) is exactly the textbook formula (and
    // numpy's); outside it, divide by amax first so squares cannot over/underflow.
    if (amax > 1e-150 && amax < 1e150) {
        double s = 0.0;
        for (std::size_t i = 0; i < n; ++i) s += x[i] * x[i];
        return std::sqrt(s);
    }
    double s = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        const double t = x[i] / amax;
        s += t * t;
    }
    return amax * std::sqrt(s);
}

double norm(const vec& v, double p) {
    const double inf = std::numeric_limits<double>::infinity();
    if (!(p == 1.0 || p == 2.0 || p == inf))
        fail("norm", "p must be 1, 2 or Infinity, got ", p);
    check_vector("norm", "v", v);
    const double* a = v.data();
    const std::size_t n = v.size();
    if (p == 2.0) return norm2_unchecked(a, n);
    double s = 0.0;
    if (p == 1.0)
        for (std::size_t i = 0; i < n; ++i) s += std::fabs(a[i]);
    else
        for (std::size_t i = 0; i < n; ++i) s = std::max(s, std::fabs(a[i]));
    return s;
}

namespace {

vec affine_impl(const mat& W, const vec& x, const vec* b) {
    check_matrix("affine", "W", W);
    check_vector("affine", "x", x);
    const std::size_t m = W.shape(0), n = W.shape(1);
    if (x.size() != n)
        fail("affine", "W is ", shape_str(W), " but x has ", x.size(),
             " entries (x needs one entry per column of W)");
    if (b) {
        check_vector("affine", "b", *b);
        if (b->size() != m)
            fail("affine", "b has ", b->size(), " entries but W is ", shape_str(W),
                 " (b needs one entry per row of W)");
    }
    vec h = xt::empty<double>({m});
    const double* w = W.data();
    const double* xv = x.data();
    double* o = h.data();
    // Row i of W is contiguous: each h_i is one dot product.
    for (std::size_t i = 0; i < m; ++i) {
        const double* r = w + i * n;
        double s = 0.0;
        for (std::size_t j = 0; j < n; ++j) s += r[j] * xv[j];
        o[i] = b ? s + b->data()[i] : s;
    }
    return h;
}

}  // namespace

vec affine(const mat& W, const vec& x) { return affine_impl(W, x, nullptr); }
vec affine(const mat& W, const vec& x, const vec& b) { return affine_impl(W, x, &b); }

double trace(const mat& A) {
    check_square("trace", "A", A);
    const std::size_t n = A.shape(0);
    const double* a = A.data();
    double s = 0.0;
    for (std::size_t i = 0; i < n; ++i) s += a[i * n + i];
    return s;
}

}  // namespace attn
