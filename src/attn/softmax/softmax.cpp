#include "attn/softmax/softmax.hpp"

#include <cmath>
#include <limits>

#include "attn/common/check.hpp"

namespace attn {

void check_temperature(const std::string& fn, double T, double min_T) {
    if (!std::isfinite(T) || T <= 0)
        fail(fn, "temperature must be a positive finite number, got ", T);
    if (T < min_T)
        fail(fn, "temperature must be at least ", min_T, " (1/T overflows below), got ", T);
}

SoftmaxSteps softmax_steps(const vec& z, double T) {
    check_vector("softmaxSteps", "z", z);
    check_temperature("softmaxSteps", T);
    const std::size_t n = z.size();
    SoftmaxSteps s;
    s.max = z(0);
    for (std::size_t i = 1; i < n; ++i) s.max = std::max(s.max, z(i));
    s.shifted = xt::empty<double>({n});
    s.exps = xt::empty<double>({n});
    s.probs = xt::empty<double>({n});
    for (std::size_t i = 0; i < n; ++i) {
        s.shifted(i) = (z(i) - s.max) / T;
        s.exps(i) = std::exp(s.shifted(i));
        s.sum += s.exps(i);
    }
    for (std::size_t i = 0; i < n; ++i) s.probs(i) = s.exps(i) / s.sum;
    return s;
}

// The probabilities of softmax_steps, bit for bit (the same operations in the
// same order) without its intermediate vectors: the API's softmax is called
// once per row in the lessons and the benchmark.
vec softmax(const vec& z, double T) {
    check_vector("softmax", "z", z);
    check_temperature("softmax", T);
    const std::size_t n = z.size();
    const double* x = z.data();
    double mx = x[0];
    for (std::size_t i = 1; i < n; ++i) mx = std::max(mx, x[i]);
    vec p = xt::empty<double>({n});
    double* e = p.data();
    double sum = 0;
    for (std::size_t i = 0; i < n; ++i) {
        e[i] = std::exp((x[i] - mx) / T);
        sum += e[i];
    }
    for (std::size_t i = 0; i < n; ++i) e[i] /= sum;
    return p;
}

vec softmax_naive(const vec& z, double T) {
    check_vector("softmaxNaive", "z", z);
    check_temperature("softmaxNaive", T);
    const std::size_t n = z.size();
    vec e = xt::empty<double>({n});
    double sum = 0;
    for (std::size_t i = 0; i < n; ++i) {
        e(i) = std::exp(z(i) / T);
        sum += e(i);
    }
    for (std::size_t i = 0; i < n; ++i) e(i) /= sum;  // inf / inf = NaN: the point
    return e;
}

vec log_softmax(const vec& z, double T) {
    check_vector("logSoftmax", "z", z);
    check_temperature("logSoftmax", T);
    SoftmaxSteps s = softmax_steps(z, T);
    const double log_sum = std::log(s.sum);
    vec out = s.shifted - log_sum;
    return out;
}

mat softmax_jacobian(const vec& z, double T) {
    check_vector("softmaxJacobian", "z", z);
    check_temperature("softmaxJacobian", T);
    const vec p = softmax_steps(z, T).probs;
    const std::size_t n = p.size();
    mat J = xt::empty<double>({n, n});
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j)
            J(i, j) = ((i == j ? p(i) : 0.0) - p(i) * p(j)) / T;
    return J;
}

template <class T>
void softmax_rows_inplace(const std::string& fn, T* S, std::size_t rows, std::size_t cols,
                          const std::uint8_t* allowed) {
    for (std::size_t i = 0; i < rows; ++i) {
        T* s = S + i * cols;
        const std::uint8_t* ok = allowed ? allowed + i * cols : nullptr;
        T mx = -std::numeric_limits<T>::infinity();
        for (std::size_t j = 0; j < cols; ++j)
            if (!ok || ok[j]) mx = std::max(mx, s[j]);
        if (mx == -std::numeric_limits<T>::infinity())
            fail(fn, "row ", i, " has nothing to attend to (every key is masked out)");
        T sum = 0;
        for (std::size_t j = 0; j < cols; ++j) {
            const T e = (!ok || ok[j]) ? std::exp(s[j] - mx) : T(0);
            s[j] = e;
            sum += e;
        }
        const T inv = T(1) / sum;
        for (std::size_t j = 0; j < cols; ++j) s[j] *= inv;
    }
}

template void softmax_rows_inplace<double>(const std::string&, double*, std::size_t, std::size_t,
                                           const std::uint8_t*);
template void softmax_rows_inplace<float>(const std::string&, float*, std::size_t, std::size_t,
                                          const std::uint8_t*);

}  // namespace attn
