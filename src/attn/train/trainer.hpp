// What every full-batch trainer shares (API.md "Training", "Transformers"):
// the optimizer options, the step, work and snapshot caps, the optimizer
// (optimize's update rule, optim/update.hpp, applied to every parameter at
// once, kept in one flat buffer theta: the parameter matrices back to back)
// and the training loop itself (run_training), written once for
// trainAttention, trainGat and trainTransformer.
//
//   P   number of parameters (entries of theta)
//   theta, grad, m, v: P
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "attn/common/types.hpp"
#include "attn/optim/update.hpp"

namespace attn {

constexpr std::size_t max_train_steps = 100000;
// Multiply-adds one call may spend (about 1-2 s in wasm): steps x (forward
// + backward) of the model, estimated as 3 x the forward's multiply-adds.
constexpr double max_train_work = 1073741824.0;  // 2^30

// Updates one run may have taken before (the state's t): Adam's clock is
// rebuilt by t multiplications (about 40 ms at this cap).
constexpr double max_train_updates = 1e7;

// Extension (not in API.md): the optimizer's state after a call, given back
// to the next call to continue the same run in chunks (a lesson trains a few
// updates per frame). Chunks of k1, k2, ... updates give exactly the numbers
// of one call of k1 + k2 + ... updates. The moments have the parameters'
// shapes: momentum keeps v (its velocity), Adam m and v; gd neither.
struct FlatState {
    std::string method;
    double t = 0;                     // updates taken so far (Adam's bias correction)
    std::vector<double> m, v;         // flat, in theta's order; empty when unused
};

// The optimizer options of trainAttention and trainGat (the same as optimize's).
struct TrainOptions {
    std::string method = "gd";    // gd | momentum | adam
    std::optional<double> lr;     // required: > 0, finite
    std::optional<double> steps;  // required: integer 0 .. max_train_steps
    double beta = 0.9, beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
};

// A trainer's state in its model's shapes (Model: the trainer's parameters).
template <class Model>
struct TrainState {
    std::string method;
    double t = 0;
    std::optional<Model> m, v;
};

// Validates the options (rule, then steps, then the work estimate:
// forward_cost multiply-adds per forward pass); returns the step count.
std::size_t check_training(const std::string& fn, const TrainOptions& opt, double forward_cost,
                           UpdateRule& rule);

// Validates options.record (a snapshot every `record` steps, k = 0, r, 2r,
// ...; one snapshot holds `entries` doubles): returns it, 0 when absent.
std::size_t check_record(const std::string& fn, const std::optional<double>& record,
                         std::size_t steps, std::size_t entries, const std::string& what);

// A block of theta [offset, offset + size) that an update leaves as it is
// (trainTransformer's freeze): its entries and their moments stay put, as
// for a torch parameter with requires_grad False.
struct Segment {
    std::size_t offset = 0, size = 0;
};

// The optimizer state over P parameters and one step of the rule. A step
// is tentative until commit(): a diverged step leaves the state as it was,
// so the state handed back matches the parameters handed back.
class Optimizer {
public:
    Optimizer(const UpdateRule& rule, std::size_t P, std::vector<Segment> frozen = {});
    // Continues from a previous call's state (already checked by check_state).
    Optimizer(const UpdateRule& rule, std::size_t P, const FlatState& from,
              std::vector<Segment> frozen = {});
    // theta_out = update(theta_in, grad); false when the result or the
    // state is not finite (the run diverged).
    bool step(const double* theta_in, const double* grad, double* theta_out);
    void commit();
    FlatState state() const;

private:
    bool step_range(std::size_t lo, std::size_t hi, const double* theta_in, const double* grad,
                    double* theta_out);
    UpdateRule rule_;
    std::size_t P_;
    std::vector<Segment> frozen_;  // sorted, disjoint
    std::size_t t_ = 0;
    AdamClock clock_, clock_next_;
    std::vector<double> m_, v_, m_next_, v_next_;
};

// The state in a trainer's model shapes (unflatten: flat theta -> Model).
template <class Model, class Unflatten>
TrainState<Model> model_state(const FlatState& f, Unflatten unflatten) {
    TrainState<Model> s;
    s.method = f.method;
    s.t = f.t;
    if (!f.m.empty()) s.m = unflatten(f.m);
    if (!f.v.empty()) s.v = unflatten(f.v);
    return s;
}

// Checks a given state against the run's method and its P parameters
// (m, v already flattened by the trainer, which checked their shapes).
void check_state(const std::string& fn, const std::string& method, const FlatState& s,
                 std::size_t P);

// The model a trainer hands to run_training. evaluate() computes the loss
// at theta (NaN when the forward pass overflowed) and, when grad is not
// null, its gradient (P entries, overwritten); it keeps what the trainer
// reports (accuracy, attention) as the candidate's. accept(k) is called
// right after the evaluation of the parameters after k updates, once they
// are kept (k = 0: the initial ones): the trainer records the candidate.
class Trainee {
public:
    virtual double evaluate(const double* theta, double* grad) = 0;
    virtual void accept(std::size_t k) = 0;

protected:
    ~Trainee() = default;
};

struct TrainRun {
    std::vector<double> theta;     // after K updates
    FlatState state;               // the optimizer after K updates
    bool diverged = false;         // stopped at a non-finite step
    std::size_t diverged_at = 0;   // the first update not taken (meaningful if diverged)
};

// The full-batch loop: evaluates theta, then takes up to `steps` updates of
// the rule from the given state (null: a fresh run), each kept only when
// the parameters, the state, the loss and the gradient after it are all
// finite, the last one of a call too, so that whether an update is taken
// never depends on where a call ends (a run in chunks equals one call). A
// non-finite loss or gradient at the initial theta is an error naming fn
// ("...: " + hint); later, an invalid_input from evaluate (an overflow
// inside the forward pass) ends the run as diverged.
TrainRun run_training(const std::string& fn, const UpdateRule& rule, std::size_t steps,
                      std::vector<double> theta, const FlatState* from,
                      std::vector<Segment> frozen, Trainee& model, const char* hint);

// Index of the largest entry of row (the first one on ties, as torch.argmax).
std::size_t argmax(const double* row, std::size_t n);

// Copies a rows x cols block of theta (at offset) into a matrix (cols = 0:
// into a vector of rows entries, via block_vec).
mat block_mat(const std::vector<double>& theta, std::size_t offset, std::size_t rows,
              std::size_t cols);
vec block_vec(const std::vector<double>& theta, std::size_t offset, std::size_t n);

}  // namespace attn
