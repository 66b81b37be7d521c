#include "attn/optim/optimize.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "attn/common/check.hpp"
#include "attn/common/overflow.hpp"
#include "attn/optim/update.hpp"

namespace attn {

namespace {

enum class Kind { quadratic, rosenbrock, saddle, least_squares };

// A validated problem, ready to evaluate f and grad f on raw pointers.
struct Objective {
    Kind kind = Kind::saddle;
    std::size_t d = 2;
    mat S;                 // quadratic: (A + A^T) / 2, d x d
    const vec* b = nullptr;  // quadratic
    double ra = 1, rb = 100;  // rosenbrock
    const mat* X = nullptr;   // leastSquares: n x p
    const vec* y = nullptr;   // leastSquares: n
    double cost = 2;          // multiply-adds per evaluation (for the work cap)

    // Returns f(x) and writes grad f(x) to g (both d long).
    double eval(const double* x, double* g) const {
        switch (kind) {
            case Kind::quadratic: {
                const double* s = S.data();
                const double* bb = b->data();
                double xsx = 0, bx = 0;
                for (std::size_t i = 0; i < d; ++i) {
                    double sx = 0;
                    for (std::size_t j = 0; j < d; ++j) sx += s[i * d + j] * x[j];
                    g[i] = sx - bb[i];
                    xsx += x[i] * sx;
                    bx += bb[i] * x[i];
                }
                return 0.5 * xsx - bx;
            }
            case Kind::rosenbrock: {
                const double u = ra - x[0], w = x[1] - x[0] * x[0];
                g[0] = -2 * u - 4 * rb * x[0] * w;
                g[1] = 2 * rb * w;
                return u * u + rb * w * w;
            }
            case Kind::saddle:
                g[0] = 2 * x[0];
                g[1] = -2 * x[1];
                return x[0] * x[0] - x[1] * x[1];
            case Kind::least_squares: {
                const std::size_t n = X->shape(0), p = d - 1;
                const double* xd = X->data();
                const double* yd = y->data();
                const double bias = x[p];
                for (std::size_t j = 0; j < d; ++j) g[j] = 0;
                double sq = 0;
                for (std::size_t i = 0; i < n; ++i) {
                    const double* row = xd + i * p;
                    double pred = 0;
                    for (std::size_t j = 0; j < p; ++j) pred += x[j] * row[j];
                    const double r = yd[i] - (pred + bias);
                    sq += r * r;
                    for (std::size_t j = 0; j < p; ++j) g[j] += r * row[j];
                    g[p] += r;
                }
                const double nn = static_cast<double>(n);
                for (std::size_t j = 0; j < d; ++j) g[j] *= -2.0 / nn;
                return sq / nn;
            }
        }
        return 0;
    }
};

const char* kind_list = "quadratic, rosenbrock, saddle, leastSquares";

// Checks the problem under the public name fn and builds its Objective.
Objective make_objective(const std::string& fn, const OptimProblem& p) {
    Objective o;
    if (p.name == "quadratic") o.kind = Kind::quadratic;
    else if (p.name == "rosenbrock") o.kind = Kind::rosenbrock;
    else if (p.name == "saddle") o.kind = Kind::saddle;
    else if (p.name == "leastSquares") o.kind = Kind::least_squares;
    else fail(fn, "unknown problem '", p.name, "' (allowed: ", kind_list, ")");

    const std::string q = "problem '" + p.name + "'";
    struct Field { const char* name; bool given; bool used; };
    const bool quad = o.kind == Kind::quadratic, ros = o.kind == Kind::rosenbrock,
               ls = o.kind == Kind::least_squares;
    if (quad && p.b_scalar) fail(fn, "problem.b must be a vector for 'quadratic', got a number");
    if (ros && p.b) fail(fn, "problem.b must be a number for 'rosenbrock', got an array");
    const char* takes = quad ? "A, b" : ros ? "a, b" : ls ? "X, y" : "no fields besides name";
    for (const Field& f : {Field{"A", bool(p.A), quad}, Field{"b", p.b || p.b_scalar, quad || ros},
                           Field{"a", bool(p.a), ros}, Field{"X", bool(p.X), ls},
                           Field{"y", bool(p.y), ls}})
        if (f.given && !f.used)
            fail(fn, q, " has no field ", f.name, " (it takes ", takes, ")");

    switch (o.kind) {
        case Kind::quadratic: {
            if (!p.A) fail(fn, q, " needs field A (a square matrix)");
            if (!p.b) fail(fn, q, " needs field b (a vector)");
            const mat& A = *p.A;
            check_square(fn, "problem.A", A);
            check_vector(fn, "problem.b", *p.b);
            o.d = A.shape(0);
            if (p.b->size() != o.d)
                fail(fn, "problem.b has ", p.b->size(), " entries but problem.A is ", shape_str(A));
            if (o.d > max_optim_dim)
                fail(fn, "problem.A is ", shape_str(A), ", more than the limit of ", max_optim_dim,
                     " dimensions");
            o.S = xt::empty<double>({o.d, o.d});
            for (std::size_t i = 0; i < o.d; ++i)
                for (std::size_t j = 0; j < o.d; ++j) o.S(i, j) = 0.5 * A(i, j) + 0.5 * A(j, i);
            o.b = &*p.b;
            o.cost = static_cast<double>(o.d) * static_cast<double>(o.d);
            break;
        }
        case Kind::rosenbrock:
            o.ra = p.a.value_or(1.0);
            o.rb = p.b_scalar.value_or(100.0);
            if (!std::isfinite(o.ra)) fail(fn, "problem.a must be a finite number, got ", o.ra);
            if (!std::isfinite(o.rb)) fail(fn, "problem.b must be a finite number, got ", o.rb);
            break;
        case Kind::saddle:
            break;
        case Kind::least_squares: {
            if (!p.X) fail(fn, q, " needs field X (n x p inputs, one row per point)");
            if (!p.y) fail(fn, q, " needs field y (n targets)");
            check_matrix(fn, "problem.X", *p.X);
            check_vector(fn, "problem.y", *p.y);
            const std::size_t n = p.X->shape(0);
            if (p.y->size() != n)
                fail(fn, "problem.y has ", p.y->size(), " entries but problem.X has ", n,
                     " rows (one target per point)");
            if (n > max_optim_points)
                fail(fn, "problem.X has ", n, " rows, more than the limit of ", max_optim_points,
                     " points");
            o.d = p.X->shape(1) + 1;
            if (o.d > max_optim_dim)
                fail(fn, "problem.X has ", o.d - 1, " columns, more than the limit of ",
                     max_optim_dim - 1, " (x = [w..., b] has at most ", max_optim_dim, " entries)");
            o.X = &*p.X;
            o.y = &*p.y;
            o.cost = static_cast<double>(n) * static_cast<double>(o.d);
            break;
        }
    }
    return o;
}

// x0 (or a point) must have d entries.
void check_dim(const std::string& fn, const char* name, std::size_t got, const Objective& o,
               const OptimProblem& p) {
    if (got == o.d) return;
    std::string why;
    if (o.kind == Kind::least_squares)
        why = cat(" (x = [w..., b]: problem.X has ", o.d - 1, " columns, plus 1)");
    fail(fn, name, " has ", got, " entries but problem '", p.name, "' has dimension ", o.d, why);
}

// steps must be an integer in [lo, max_optim_steps].
std::size_t check_steps(const std::string& fn, double s, double lo) {
    if (!(std::floor(s) == s && s >= lo && s <= static_cast<double>(max_optim_steps)))
        fail(fn, "steps must be an integer from ", lo, " to ", max_optim_steps, ", got ", s);
    return static_cast<std::size_t>(s);
}

bool all_finite(const double* p, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i)
        if (!std::isfinite(p[i])) return false;
    return true;
}

// Copies the first rows x cols of a row-major buffer into a mat.
mat take_rows(const std::vector<double>& buf, std::size_t rows, std::size_t cols) {
    mat out = xt::empty<double>({rows, cols});
    std::copy(buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(rows * cols), out.data());
    return out;
}

}  // namespace

OptimizeResult optimize(const OptimProblem& problem, const vec& x0, const OptimOptions& opt) {
    const std::string fn = "optimize";
    const Objective obj = make_objective(fn, problem);
    check_vector(fn, "x0", x0);
    check_dim(fn, "x0", x0.size(), obj, problem);

    const UpdateRule rule = check_update_rule(fn, opt.method, opt.lr, opt.beta, opt.beta1,
                                              opt.beta2, opt.eps);
    if (!opt.steps) fail(fn, "option steps is missing");
    const std::size_t steps = check_steps(fn, *opt.steps, 0);

    const std::size_t d = obj.d;
    const std::size_t rows = steps + 1;
    if (rows * d > max_elements)
        fail(fn, steps, " steps in dimension ", d, " would record ", rows * d,
             " numbers per array, more than the limit of ", max_elements, ": take fewer steps");
    if (static_cast<double>(steps) * obj.cost > max_optim_work)
        fail(fn, steps, " steps on this problem take about ", static_cast<double>(steps) * obj.cost,
             " multiply-adds, more than the limit of ", max_optim_work,
             ": take fewer steps or a smaller problem");

    std::vector<double> P(rows * d), L(rows), G(rows * d);
    const bool mom = rule.method == Method::momentum, adam = rule.method == Method::adam;
    std::vector<double> SM, SV, SMH, SVH;  // state rows, K x d
    if (mom || adam) SV.resize(steps * d);
    if (adam) SM.resize(steps * d), SMH.resize(steps * d), SVH.resize(steps * d);

    // The iterates live in the recording buffers themselves: step k reads
    // row k (row k-1 of the state) and writes row k+1 (row k). Copying small
    // rows costs a memcpy call each in wasm, more than a 2-D Adam step.
    std::copy(x0.begin(), x0.end(), P.begin());
    const double f0 = obj.eval(P.data(), G.data());
    if (!std::isfinite(f0) || !all_finite(G.data(), d))
        fail(fn, "the loss or gradient at x0 is not finite (loss ", f0,
             "): start closer to the minimum");
    L[0] = f0;
    const std::vector<double> zeros(d, 0.0);  // the state before step 1

    OptimizeResult r;
    std::size_t K = 0;
    AdamClock clock;
    auto row = [&](std::vector<double>& buf, std::size_t k) { return buf.empty() ? nullptr : buf.data() + k * d; };
    for (std::size_t k = 0; k < steps; ++k) {
        if (adam) clock.advance(rule);
        double* x = P.data() + (k + 1) * d;  // x_{k+1}, from x_k and its gradient
        const double* m0 = k && adam ? row(SM, k - 1) : zeros.data();
        const double* v0 = k && (mom || adam) ? row(SV, k - 1) : zeros.data();
        if (!update_step(rule, clock, d, P.data() + k * d, G.data() + k * d, x, m0, v0, row(SM, k),
                         row(SV, k), row(SMH, k), row(SVH, k))) {
            r.diverged = true;
            r.diverged_at = k + 1;
            break;
        }
        double* gx = G.data() + (k + 1) * d;
        const double f = obj.eval(x, gx);
        if (!std::isfinite(f) || !all_finite(gx, d)) {
            r.diverged = true;
            r.diverged_at = k + 1;
            break;
        }
        L[k + 1] = f;
        K = k + 1;
    }

    r.path = take_rows(P, K + 1, d);
    r.grad = take_rows(G, K + 1, d);
    r.loss = xt::empty<double>({K + 1});
    std::copy(L.begin(), L.begin() + static_cast<std::ptrdiff_t>(K + 1), r.loss.data());
    const std::size_t sd = mom || adam ? d : 0;
    r.v = take_rows(SV, K, sd);
    const std::size_t ad = adam ? d : 0;
    r.m = take_rows(SM, K, ad);
    r.m_hat = take_rows(SMH, K, ad);
    r.v_hat = take_rows(SVH, K, ad);
    return r;
}

ObjectiveValues objective(const OptimProblem& problem, const mat& points) {
    const std::string fn = "objective";
    const Objective obj = make_objective(fn, problem);
    check_matrix(fn, "points", points);
    check_dim(fn, "each row of points", points.shape(1), obj, problem);
    const std::size_t N = points.shape(0), d = obj.d;
    if (static_cast<double>(N) * obj.cost > max_optim_work)
        fail(fn, N, " points on this problem take about ", static_cast<double>(N) * obj.cost,
             " multiply-adds, more than the limit of ", max_optim_work);
    ObjectiveValues out;
    out.loss = xt::empty<double>({N});
    out.grad = xt::empty<double>({N, d});
    for (std::size_t i = 0; i < N; ++i) {
        out.loss(i) = obj.eval(points.data() + i * d, out.grad.data() + i * d);
        if (std::isfinite(out.loss(i)) && all_finite(out.grad.data() + i * d, d)) continue;
        const std::string at = cat(" at point ", i);  // only for the message
        finite_result(fn, "the loss" + at, out.loss(i));
        finite_results(fn, "the gradient" + at, out.grad.data() + i * d, d);
    }
    return out;
}

mat momentum_map(const mat& A, const vec& b, const vec& x0, const MomentumMapOptions& opt) {
    const std::string fn = "momentumMap";
    OptimProblem p;
    p.name = "quadratic";
    p.A = A;
    p.b = b;
    // Same checks and messages as optimize's quadratic, but naming A and b.
    check_square(fn, "A", A);
    check_vector(fn, "b", b);
    if (b.size() != A.shape(0))
        fail(fn, "b has ", b.size(), " entries but A is ", shape_str(A));
    if (A.shape(0) > max_optim_dim)
        fail(fn, "A is ", shape_str(A), ", more than the limit of ", max_optim_dim, " dimensions");
    const Objective obj = make_objective(fn, p);
    check_vector(fn, "x0", x0);
    if (x0.size() != obj.d)
        fail(fn, "x0 has ", x0.size(), " entries but A is ", shape_str(A));

    if (opt.lrs.size() == 0) fail(fn, "lrs is empty (give the learning rates to try: {lrs: [0.01, 0.1]})");
    if (opt.betas.size() == 0) fail(fn, "betas is empty (give the momenta to try: {betas: [0, 0.9]})");
    check_vector(fn, "lrs", opt.lrs);
    check_vector(fn, "betas", opt.betas);
    const std::size_t nl = opt.lrs.size(), nb = opt.betas.size();
    if (nl > max_momentum_grid || nb > max_momentum_grid)
        fail(fn, "the grid is ", nl, " lrs x ", nb, " betas, more than the limit of ",
             max_momentum_grid, " each");
    for (std::size_t i = 0; i < nl; ++i)
        if (!(opt.lrs(i) > 0))
            fail(fn, "lrs[", i, "] must be a positive number, got ", opt.lrs(i));
    for (std::size_t j = 0; j < nb; ++j)
        if (!(opt.betas(j) >= 0 && opt.betas(j) < 1))
            fail(fn, "betas[", j, "] must be in [0, 1), got ", opt.betas(j));
    const std::size_t steps = check_steps(fn, opt.steps, 1);
    check_positive_finite(fn, "tol", opt.tol);
    const double work = static_cast<double>(nl * nb) * static_cast<double>(steps) * obj.cost;
    if (work > max_optim_work)
        fail(fn, nl * nb, " runs of ", steps, " steps take about ", work,
             " multiply-adds, more than the limit of ", max_optim_work,
             ": use fewer steps or a smaller grid");

    const std::size_t d = obj.d;
    std::vector<double> x(d), v(d), g(d);
    auto norm = [&] {
        double s = 0;
        for (double gi : g) s += gi * gi;
        return std::sqrt(s);
    };
    mat out = xt::empty<double>({nl, nb});
    for (std::size_t i = 0; i < nl; ++i)
        for (std::size_t j = 0; j < nb; ++j) {
            const double lr = opt.lrs(i), beta = opt.betas(j);
            std::copy(x0.begin(), x0.end(), x.begin());
            std::fill(v.begin(), v.end(), 0.0);
            obj.eval(x.data(), g.data());
            double found = norm() < opt.tol ? 0.0 : -1.0;
            UpdateRule rule;  // validated above; beta = 0 is plain gradient descent
            rule.method = Method::momentum;
            rule.lr = lr;
            rule.beta = beta;
            for (std::size_t k = 1; k <= steps && found < 0; ++k) {
                if (!update_step(rule, AdamClock{}, d, x.data(), g.data(), x.data(), nullptr,
                                 v.data(), nullptr, v.data(), nullptr, nullptr))
                    break;
                const double f = obj.eval(x.data(), g.data());
                const double gn = norm();
                if (!std::isfinite(f) || !std::isfinite(gn) || !all_finite(x.data(), d)) break;
                if (gn < opt.tol) found = static_cast<double>(k);
            }
            out(i, j) = found;
        }
    return out;
}

}  // namespace attn
