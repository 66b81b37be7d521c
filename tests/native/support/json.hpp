// A small JSON reader for the committed fixtures (tests only).
// Numbers may also be written as the strings "Infinity", "-Infinity", "NaN",
// which is how scripts/gen_fixtures.py stores non-finite values.
#pragma once

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "attn/common/types.hpp"

namespace fx {

struct Json {
    enum Kind { Null, Bool, Number, String, Array, Object } kind = Null;
    bool b = false;
    double num = 0;
    std::string str;
    std::vector<Json> arr;
    std::map<std::string, Json> obj;

    const Json& operator[](const std::string& k) const {
        auto it = obj.find(k);
        if (it == obj.end()) throw std::runtime_error("fixture has no key '" + k + "'");
        return it->second;
    }
    const Json& operator[](std::size_t i) const { return arr.at(i); }
    bool has(const std::string& k) const { return obj.count(k) != 0; }
    std::size_t size() const { return kind == Array ? arr.size() : obj.size(); }

    double number() const {
        if (kind == Number) return num;
        if (kind == String) {
            if (str == "Infinity") return std::numeric_limits<double>::infinity();
            if (str == "-Infinity") return -std::numeric_limits<double>::infinity();
            if (str == "NaN") return std::numeric_limits<double>::quiet_NaN();
        }
        throw std::runtime_error("fixture value is not a number");
    }
    attn::vec vec() const {
        attn::vec v = xt::empty<double>({arr.size()});
        for (std::size_t i = 0; i < arr.size(); ++i) v(i) = arr[i].number();
        return v;
    }
    attn::mat mat() const {
        const std::size_t r = arr.size(), c = r ? arr[0].arr.size() : 0;
        attn::mat m = xt::empty<double>({r, c});
        for (std::size_t i = 0; i < r; ++i)
            for (std::size_t j = 0; j < c; ++j) m(i, j) = arr[i].arr.at(j).number();
        return m;
    }
};

class Parser {
  public:
    explicit Parser(const std::string& s) : s_(s) {}
    Json parse() {
        Json j = value();
        ws();
        if (i_ != s_.size()) error("trailing characters");
        return j;
    }

  private:
    const std::string& s_;
    std::size_t i_ = 0;

    [[noreturn]] void error(const char* what) {
        throw std::runtime_error(std::string("fixture JSON: ") + what + " at offset " +
                                 std::to_string(i_));
    }
    void ws() {
        while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
    }
    bool eat(const char* lit) {
        const std::size_t n = std::char_traits<char>::length(lit);
        if (s_.compare(i_, n, lit) == 0) { i_ += n; return true; }
        return false;
    }
    Json value() {
        ws();
        if (i_ >= s_.size()) error("unexpected end");
        Json j;
        const char c = s_[i_];
        if (c == '{') {
            j.kind = Json::Object;
            ++i_;
            ws();
            if (s_[i_] == '}') { ++i_; return j; }
            for (;;) {
                ws();
                std::string k = string();
                ws();
                if (s_[i_++] != ':') error("expected ':'");
                j.obj[k] = value();
                ws();
                if (s_[i_] == ',') { ++i_; continue; }
                if (s_[i_] == '}') { ++i_; return j; }
                error("expected ',' or '}'");
            }
        }
        if (c == '[') {
            j.kind = Json::Array;
            ++i_;
            ws();
            if (s_[i_] == ']') { ++i_; return j; }
            for (;;) {
                j.arr.push_back(value());
                ws();
                if (s_[i_] == ',') { ++i_; continue; }
                if (s_[i_] == ']') { ++i_; return j; }
                error("expected ',' or ']'");
            }
        }
        if (c == '"') { j.kind = Json::String; j.str = string(); return j; }
        if (eat("true")) { j.kind = Json::Bool; j.b = true; return j; }
        if (eat("false")) { j.kind = Json::Bool; return j; }
        if (eat("null")) return j;
        char* end = nullptr;
        j.kind = Json::Number;
        j.num = std::strtod(s_.c_str() + i_, &end);
        if (end == s_.c_str() + i_) error("bad value");
        i_ = static_cast<std::size_t>(end - s_.c_str());
        return j;
    }
    std::string string() {
        if (s_[i_] != '"') error("expected string");
        ++i_;
        std::string out;
        while (i_ < s_.size() && s_[i_] != '"') {
            if (s_[i_] == '\\') ++i_;  // fixtures hold only simple escapes
            out += s_[i_++];
        }
        ++i_;
        return out;
    }
};

// Loads tests/fixtures/<name>.json (parsed once per process).
inline const Json& load(const std::string& name) {
    static std::map<std::string, std::unique_ptr<Json>> cache;
    auto& slot = cache[name];
    if (!slot) {
        const std::string path = std::string(ATTN_FIXTURES_DIR) + "/" + name + ".json";
        std::ifstream f(path);
        if (!f) throw std::runtime_error("cannot open fixture " + path);
        std::stringstream ss;
        ss << f.rdbuf();
        const std::string text = ss.str();
        slot = std::make_unique<Json>(Parser(text).parse());
    }
    return *slot;
}

}  // namespace fx
