// Native side of `npm run bench` (scripts/bench.sh): times the core functions
// that the wasm API calls, on the same inputs as bench/js/inputs.mjs (same
// generator, seeds and order), and prints one JSON object to stdout:
//   {"native": {"<case id>": {"ms": median per call, "iters": calls per
//    batch, "repeats": batches, "check": checksum}, ...}}
// bench/run.mjs compares the checksums with the wasm and JS results.
// `attn_bench <case id>` times that case alone: bench/run.mjs runs it next to
// the case's wasm and JS timings, in rounds, so that all sides see the same
// load on a shared machine.
// Timing policy and clock (CPU time, as bench/js/timing.mjs explains): warm
// up, then batches of at least 10 ms, median over the batches.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <new>
#include <optional>
#include <sstream>
#include <string>
#include <ctime>
#include <vector>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "attn/attention/attention.hpp"
#include "attn/flash/tiled_attention.hpp"
#include "attn/graph/gat.hpp"
#include "attn/linalg/matmul.hpp"
#include "attn/lowrank/svd.hpp"
#include "attn/optim/optimize.hpp"
#include "attn/softmax/softmax.hpp"
#include "attn/train/train_attention.hpp"
#include "attn/train/train_gat.hpp"
#include "attn/transformer/train_transformer.hpp"

// Heap in use and its peak, counted by operator new / delete (std::vector
// and xtensor allocate through them): the peak extra memory of one call.
namespace heap {
std::size_t live = 0, peak = 0;
}  // namespace heap
#ifdef __GLIBC__
void* operator new(std::size_t n) {
    void* p = std::malloc(n ? n : 1);
    if (!p) throw std::bad_alloc();
    heap::live += malloc_usable_size(p);
    heap::peak = std::max(heap::peak, heap::live);
    return p;
}
void operator delete(void* p) noexcept {
    if (p) heap::live -= malloc_usable_size(p);
    std::free(p);
}
void operator delete(void* p, std::size_t) noexcept { operator delete(p); }
#endif

namespace {

using attn::mat;
using attn::vec;
using Clock = std::chrono::steady_clock;

// mulberry32, bit for bit as bench/js/inputs.mjs (uint32_t wraps like Math.imul).
struct Rand {
    std::uint32_t a;
    double operator()() {
        a += 0x6d2b79f5u;
        std::uint32_t t = (a ^ (a >> 15)) * (a | 1u);
        t = (t + (t ^ (t >> 7)) * (t | 61u)) ^ t;
        return static_cast<double>(t ^ (t >> 14)) / 4294967296.0;
    }
};

mat random_matrix(Rand& r, std::size_t rows, std::size_t cols, double scale = 1) {
    mat M = xt::empty<double>({rows, cols});
    for (std::size_t i = 0; i < rows * cols; ++i) M.data()[i] = (2 * r() - 1) * scale;
    return M;
}

double sum(const double* p, std::size_t n) {
    double s = 0;
    for (std::size_t i = 0; i < n; ++i) s += p[i];
    return s;
}

double ms_since(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

// CPU time of this thread: the machine is shared, wall time is not ours.
double cpu_ms() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t h = v.size() / 2;
    return v.size() % 2 ? v[h] : 0.5 * (v[h - 1] + v[h]);
}

// Same constants as bench/js/timing.mjs.
constexpr double min_batch_ms = 10, warmup_ms = 100, budget_ms = 250;
constexpr int min_repeats = 3, max_repeats = 15;

struct Result {
    double ms = 0, wall_ms = 0, check = 0;
    int iters = 0, repeats = 0;
};

// f runs the operation once and returns its checksum.
Result measure(const std::function<double()>& f) {
    Result r;
    // Warm caches and the allocator; the fastest warm-up call sizes the batch
    // (the machine is shared: a slower call was most likely preempted).
    double single = 1e300;
    const double w0 = cpu_ms();
    do {
        const double t0 = cpu_ms();
        r.check = f();
        single = std::min(single, cpu_ms() - t0);
    } while (cpu_ms() - w0 < warmup_ms);
    r.iters = std::max(1, static_cast<int>(std::ceil(min_batch_ms / std::max(single, 1e-3))));
    r.repeats = std::clamp(static_cast<int>(budget_ms / (single * r.iters)), min_repeats, max_repeats);
    std::vector<double> cpu, wall;
    for (int k = 0; k < r.repeats; ++k) {
        const double c0 = cpu_ms();
        const auto t0 = Clock::now();
        for (int i = 0; i < r.iters; ++i) r.check = f();
        wall.push_back(ms_since(t0) / r.iters);
        cpu.push_back((cpu_ms() - c0) / r.iters);
    }
    r.ms = median(cpu);
    r.wall_ms = median(wall);
    return r;
}

// Standard attention, output only (the FlashAttention paper's Algorithm 0):
// S = scale Q K^T held as n x n, row softmax in place, out = P V.
void standard_output(const mat& Q, const mat& K, const mat& V, std::vector<double>& S,
                     std::vector<double>& out) {
    const std::size_t n = Q.shape(0), m = K.shape(0), d = Q.shape(1), dv = V.shape(1);
    S.resize(n * m);
    attn::gemm_nt(Q.data(), K.data(), S.data(), n, d, m);
    const double scale = 1 / std::sqrt(static_cast<double>(d));
    for (double& x : S) x *= scale;
    attn::softmax_rows_inplace("standard", S.data(), n, m, nullptr);
    attn::gemm_nn(S.data(), V.data(), out.data(), n, m, dv);
}

// The peak heap (bytes) that one call allocates beyond what was in use
// before it, for tiled, attention() and the output-only standard kernel;
// printed as {"peakHeap": [{n, tiled, attention, standard}]}.
void peak_heap() {
    std::printf("{\"peakHeap\": [");
    for (std::size_t n : {1024, 2048, 4096}) {
        Rand r{static_cast<std::uint32_t>(1000 + n)};
        const mat Q = random_matrix(r, n, 64), K = random_matrix(r, n, 64), V = random_matrix(r, n, 64);
        auto peak_of = [](const std::function<void()>& f) {
            const std::size_t before = heap::live;
            heap::peak = before;
            f();
            return static_cast<double>(heap::peak - before);
        };
        const double tiled = peak_of([&] { attn::tiled_attention(Q, K, V); });
        // attention() at 4096 would return three 128 MB matrices (the API refuses it).
        const double full = n <= 2048 ? peak_of([&] { attn::attention(Q, K, V); }) : -1;
        const double standard = peak_of([&] {
            std::vector<double> S, out(n * 64);
            standard_output(Q, K, V, S, out);
        });
        std::printf("%s{\"n\": %zu, \"tiled\": %.0f, \"attention\": %.0f, \"standard\": %.0f}", n > 1024 ? ", " : "",
                    n, tiled, full, standard);
    }
    std::printf("]}\n");
}

// trainTransformer's size, bench/js/inputs.mjs's TRANSFORMER, given by
// bench/run.mjs as --transformer V,n,B,d,dh,lr,H_0,H_1,... (transformerSpec):
// the size lives in the JS constant alone.
struct TransformerSize {
    std::size_t V = 0, n = 0, B = 0, d = 0, dh = 0;
    double lr = 0;
    std::vector<std::size_t> heads;
};

std::optional<TransformerSize> parse_transformer(const std::string& spec) {
    std::vector<double> x;
    std::istringstream in(spec);
    for (std::string item; std::getline(in, item, ',');) x.push_back(std::stod(item));
    if (x.size() < 7) return std::nullopt;
    TransformerSize t;
    t.V = static_cast<std::size_t>(x[0]);
    t.n = static_cast<std::size_t>(x[1]);
    t.B = static_cast<std::size_t>(x[2]);
    t.d = static_cast<std::size_t>(x[3]);
    t.dh = static_cast<std::size_t>(x[4]);
    t.lr = x[5];
    for (std::size_t k = 6; k < x.size(); ++k) t.heads.push_back(static_cast<std::size_t>(x[k]));
    return t;
}

// Times the case named only (every case if empty) and prints the JSON
// object; false if no case has that name.
bool bench(const std::string& only, const std::optional<TransformerSize>& transformer) {
    std::vector<std::pair<std::string, Result>> out;
    auto run = [&](const std::string& id, const std::function<double()>& f) {
        if (!only.empty() && id != only) return;
        out.emplace_back(id, measure(f));
        std::fprintf(stderr, "native %-14s %10.4f ms\n", id.c_str(), out.back().second.ms);
    };

    // Checksums: as bench/run.mjs computes them from the API's results.
    for (std::size_t n : {128, 512, 1024}) {
        Rand r{static_cast<std::uint32_t>(1000 + n)};
        const mat Q = random_matrix(r, n, 64), K = random_matrix(r, n, 64), V = random_matrix(r, n, 64);
        run("attention_" + std::to_string(n), [&] {
            const auto s = attn::attention(Q, K, V);
            return sum(s.output.data(), s.output.size());
        });
        if (n <= 512) {  // same inputs, {precision: 'float32'}
            attn::AttentionOptions f32;
            f32.precision = attn::Precision::float32;
            run("attention_" + std::to_string(n) + "_f32", [&] {
                const auto s = attn::attention(Q, K, V, f32);
                return sum(s.output.data(), s.output.size());
            });
        }
    }
    for (std::size_t n : {1024, 4096}) {  // tiled on attention_<n>'s inputs
        Rand r{static_cast<std::uint32_t>(1000 + n)};
        const mat Q = random_matrix(r, n, 64), K = random_matrix(r, n, 64), V = random_matrix(r, n, 64);
        run("tiled_" + std::to_string(n), [&] {
            const auto s = attn::tiled_attention(Q, K, V);
            return sum(s.output.data(), s.output.size());
        });
        if (n == 4096)
            run("standard_4096", [&] {
                std::vector<double> S, out(n * 64);
                standard_output(Q, K, V, S, out);
                return sum(out.data(), out.size());
            });
    }
    {
        Rand r{2};
        const mat A = random_matrix(r, 256, 256), B = random_matrix(r, 256, 256);
        run("matmul_256", [&] {
            const mat C = attn::matmul(A, B);
            return sum(C.data(), C.size());
        });
        run("matmul_256_f32", [&] {
            const mat C = attn::matmul(A, B, attn::Precision::float32);
            return sum(C.data(), C.size());
        });
    }
    {
        // One call per row, as the API's softmax takes a vector: sum of p^2.
        Rand r{3};
        const mat Z = random_matrix(r, 1024, 1024, 4);
        std::vector<vec> rows;
        for (std::size_t i = 0; i < 1024; ++i) {
            vec z = xt::empty<double>({std::size_t{1024}});
            std::copy(Z.data() + i * 1024, Z.data() + (i + 1) * 1024, z.data());
            rows.push_back(std::move(z));
        }
        run("softmax_1024", [&] {
            double s = 0;
            for (const vec& z : rows) {
                const vec p = attn::softmax(z);
                for (double x : p) s += x * x;
            }
            return s;
        });
    }
    std::vector<std::pair<std::string, double>> svd_errors;
    for (std::size_t n : {64, 128, 256}) {
        Rand r{static_cast<std::uint32_t>(4000 + n)};
        const mat A = random_matrix(r, n, n);
        attn::SvdResult res;
        run("svd_" + std::to_string(n), [&] {
            res = attn::svd(A);
            return sum(res.S.data(), res.S.size());
        });
        if (res.S.size() == 0) continue;  // not run (another case was asked for)
        // ||A - U S V^T||_max
        double err = 0;
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < n; ++j) {
                double x = 0;
                for (std::size_t k = 0; k < n; ++k) x += res.U(i, k) * res.S(k) * res.Vt(k, j);
                err = std::max(err, std::fabs(A(i, j) - x));
            }
        svd_errors.emplace_back("svd_" + std::to_string(n), err);
    }
    {
        Rand r{5};
        const std::size_t nodes = 500, f = 32, fp = 16;
        const mat X = random_matrix(r, nodes, f), W = random_matrix(r, f, fp);
        const mat a2 = random_matrix(r, 1, 2 * fp);
        vec a = xt::empty<double>({2 * fp});
        std::copy(a2.data(), a2.data() + 2 * fp, a.data());
        mat A = xt::zeros<double>({nodes, nodes});
        for (std::size_t i = 0; i < nodes; ++i)
            for (std::size_t j = 0; j < nodes; ++j) {
                const double u = r();  // drawn for every (i, j), as in JS
                A(i, j) = u < 0.05 && i != j ? 1 : 0;
            }
        run("gat_500", [&] {
            const auto s = attn::gat(X, A, W, a);
            return sum(s.output.data(), s.output.size());
        });
    }
    {
        attn::OptimProblem p;
        p.name = "rosenbrock";
        attn::OptimOptions o;
        o.method = "adam";
        o.lr = 0.01;
        o.steps = 1000;
        const vec x0 = {-1.5, 2.0};
        run("adam_1000", [&] {
            const auto res = attn::optimize(p, x0, o);
            return res.loss(res.loss.size() - 1);
        });
    }

    // Training: the inputs of bench/js/inputs.mjs (TRAIN, KARATE_*), one
    // update each; checksum: the sum of every parameter after it.
    auto param_sum = [](std::initializer_list<const double*> ps, std::initializer_list<std::size_t> ns) {
        double s = 0;
        auto n = ns.begin();
        for (const double* p : ps) s += sum(p, *n++);
        return s;
    };
    {
        Rand r{7};
        const std::size_t B = 32, n = 16, d = 32, dk = 16, dv = 16, C = 16;
        std::vector<mat> X;
        for (std::size_t b = 0; b < B; ++b) X.push_back(random_matrix(r, n, d));
        mat targets = xt::empty<double>({B, n});
        for (double& t : targets) t = std::floor(r() * C);
        attn::AttentionModel p;
        p.Wq = random_matrix(r, d, dk, 0.3);
        p.Wk = random_matrix(r, d, dk, 0.3);
        p.Wv = random_matrix(r, d, dv, 0.3);
        p.Wo = random_matrix(r, dv, C, 0.3);
        attn::TrainAttentionOptions o;
        o.method = "adam";
        o.lr = 0.01;
        // One update per call, and ten (the marginal cost of an update).
        for (const auto& [id, steps] : {std::pair{"train_attention", 1.0}, std::pair{"train_attention_10", 10.0}}) {
            o.steps = steps;
            run(id, [&] {
                const auto res = attn::train_attention(X, targets, p, o);
                const auto& q = res.params;
                return param_sum({q.Wq.data(), q.Wk.data(), q.Wv.data(), q.Wo.data()},
                                 {q.Wq.size(), q.Wk.size(), q.Wv.size(), q.Wo.size()});
            });
        }
    }
    // The loss before the first update (loss[0]), per training case that
    // reports it: bench/run.mjs compares tfjs's with it.
    std::vector<std::pair<std::string, double>> losses0;
    if (transformer) {
        // bench/js/inputs.mjs transformerInputs: the same draws in the same order.
        const TransformerSize& T = *transformer;
        Rand r{9};
        const std::size_t half = (T.n + 1) / 2;
        mat tokens = xt::empty<double>({T.B, T.n}), targets = xt::empty<double>({T.B, T.n});
        for (std::size_t b = 0; b < T.B; ++b) {
            std::vector<double> seg(half);
            for (double& t : seg) t = std::floor(r() * static_cast<double>(T.V));
            for (std::size_t i = 0; i < T.n; ++i) tokens(b, i) = seg[i % half];
            for (std::size_t i = 0; i < T.n; ++i) targets(b, i) = i + 1 < T.n ? seg[(i + 1) % half] : -1;
        }
        const double s = 0.9 / std::sqrt(static_cast<double>(T.d));
        attn::TransformerParams p;
        p.embed = random_matrix(r, T.V, T.d, 0.3);
        p.pos = random_matrix(r, T.n, T.d, 0.3);
        for (std::size_t H : T.heads) {
            p.layers.emplace_back();
            for (std::size_t h = 0; h < H; ++h) {
                attn::TransformerHead w;
                w.Wq = random_matrix(r, T.d, T.dh, s);
                w.Wk = random_matrix(r, T.d, T.dh, s);
                w.Wv = random_matrix(r, T.d, T.dh, s);
                w.Wo = random_matrix(r, T.dh, T.d, s);
                p.layers.back().push_back(std::move(w));
            }
        }
        p.unembed = random_matrix(r, T.d, T.V, 0.3);
        attn::TrainTransformerOptions o;
        o.method = "adam";
        o.lr = T.lr;
        for (const auto& [id, steps] : {std::pair{"train_transformer", 1.0}, std::pair{"train_transformer_10", 10.0}}) {
            o.steps = steps;
            double loss0 = 0;
            run(id, [&] {
                const auto res = attn::train_transformer(tokens, targets, p, o);
                const auto& q = res.params;
                loss0 = res.loss(0);
                double c = sum(q.embed.data(), q.embed.size()) + sum(q.pos.data(), q.pos.size());
                for (const auto& layer : q.layers)
                    for (const auto& w : layer)
                        c += param_sum({w.Wq.data(), w.Wk.data(), w.Wv.data(), w.Wo.data()},
                                       {w.Wq.size(), w.Wk.size(), w.Wv.size(), w.Wo.size()});
                return c + sum(q.unembed.data(), q.unembed.size());
            });
            if (!out.empty() && out.back().first == id) losses0.emplace_back(id, loss0);
        }
    }
    {
        static const int edges[] = {0,1,0,2,0,3,0,4,0,5,0,6,0,7,0,8,0,10,0,11,0,12,0,13,0,17,0,19,0,21,0,31,1,2,1,3,1,7,1,13,1,17,1,19,1,21,1,30,2,3,2,7,2,8,2,9,2,13,2,27,2,28,2,32,3,7,3,12,3,13,4,6,4,10,5,6,5,10,5,16,6,16,8,30,8,32,8,33,9,33,13,33,14,32,14,33,15,32,15,33,18,32,18,33,19,33,20,32,20,33,22,32,22,33,23,25,23,27,23,29,23,32,23,33,24,25,24,27,24,31,25,31,26,29,26,33,27,33,28,31,28,33,29,32,29,33,30,32,30,33,31,32,31,33,32,33};  // NOLINT
        const char* club = "0000000001000011001010111111111111";
        const std::size_t n = 34;
        mat A = xt::zeros<double>({n, n});
        for (std::size_t k = 0; k < sizeof edges / sizeof edges[0]; k += 2)
            A(edges[k], edges[k + 1]) = A(edges[k + 1], edges[k]) = 1;
        const mat X = xt::eye<double>(n);
        vec labels = xt::empty<double>({n});
        for (std::size_t i = 0; i < n; ++i) labels(i) = club[i] - '0';
        Rand r{8};
        attn::GatModel p;
        p.W = random_matrix(r, n, 2, 0.3);
        const mat a = random_matrix(r, 1, 4, 0.3);
        p.a = xt::empty<double>({std::size_t{4}});
        std::copy(a.data(), a.data() + 4, p.a.data());
        attn::TrainGatOptions o;
        o.method = "adam";
        o.lr = 0.05;
        o.train_mask.assign(n, 0);
        o.train_mask[0] = o.train_mask[33] = 1;
        for (const auto& [id, steps] : {std::pair{"train_gat", 1.0}, std::pair{"train_gat_10", 10.0}}) {
            o.steps = steps;
            run(id, [&] {
                const auto res = attn::train_gat(X, A, labels, p, o);
                return param_sum({res.params.W.data(), res.params.a.data()}, {res.params.W.size(), res.params.a.size()});
            });
        }
    }

    if (out.empty()) return false;
    std::printf("{\"native\": {");
    for (std::size_t i = 0; i < out.size(); ++i) {
        const auto& [id, r] = out[i];
        std::printf("%s\n  \"%s\": {\"ms\": %.9g, \"wallMs\": %.9g, \"iters\": %d, \"repeats\": %d, "
                    "\"check\": %.17g",
                    i ? "," : "", id.c_str(), r.ms, r.wall_ms, r.iters, r.repeats, r.check);
        for (const auto& [sid, err] : svd_errors)
            if (sid == id) std::printf(", \"svdError\": %.17g", err);
        for (const auto& [lid, loss0] : losses0)
            if (lid == id) std::printf(", \"loss0\": %.17g", loss0);
        std::printf("}");
    }
    std::printf("\n}}\n");
    return true;
}

}  // namespace

// attn_bench            every case, one JSON object
// attn_bench <id>       that case alone
// --transformer V,n,B,d,dh,lr,H_0,...   (before or after the above) the
//                       trainTransformer cases' size (bench/run.mjs passes
//                       inputs.mjs's TRANSFORMER); without it they are absent
// attn_bench --serve    says "attn_bench ready", then reads case ids from
//                       stdin, one per line, and answers each with its
//                       JSON object; every answer ends with a line "END":
//                       bench/run.mjs starts it once, before it times
//                       anything (a child started between two timings left
//                       Node's next ones up to 5x slower: fork() write-
//                       protects the parent's pages, which fault again)
int main(int argc, char** argv) {
#ifdef __GLIBC__
    // Keep freed blocks in the process, as the wasm module's dlmalloc does.
    // glibc's defaults mmap and trim the multi-MB results of every call, so
    // each call re-faults its pages (~10 MB for attention n=512): measured
    // 27 ms -> 5 ms per call in this VM, i.e. the kernel's page zeroing,
    // not the core, would be timed.
    mallopt(M_MMAP_THRESHOLD, 64 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
    std::string arg;
    std::optional<TransformerSize> transformer;
    for (int k = 1; k < argc; ++k) {
        const std::string a = argv[k];
        if (a == "--transformer" && k + 1 < argc) {
            transformer = parse_transformer(argv[++k]);
            if (!transformer) {
                std::fprintf(stderr, "attn_bench: --transformer takes V,n,B,d,dh,lr,H_0[,H_1...], got '%s'\n", argv[k]);
                return 2;
            }
        } else {
            arg = a;
        }
    }
    if (arg != "--serve") {
        if (bench(arg, transformer)) return 0;
        std::fprintf(stderr, "attn_bench: no case named '%s'\n", arg.c_str());
        return 2;
    }
    std::printf("attn_bench ready\nEND\n");
    std::fflush(stdout);
    for (std::string id; std::getline(std::cin, id);) {
        if (id == "peak_heap") peak_heap();
        else if (!bench(id, transformer)) std::printf("{\"error\": \"no case named '%s'\"}\n", id.c_str());
        std::printf("END\n");
        std::fflush(stdout);
    }
    return 0;
}
