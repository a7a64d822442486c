// A stdin/stdout driver for the Verilator model of one rust-hdl block.
//
// Built by hdl/verilator/harness.rs with `verilator --cc --exe --build
// --prefix Vdut`; the block's ports come from a generated `harness_ports.h`:
//
//   #define HARNESS_INPUTS(X)  X(own, 196) X(opponent, 196) X(start, 196)
//   #define HARNESS_OUTPUTS(X) X(forbidden, 196) X(attach, 196)
//   #define HARNESS_CLOCK clock     // only for clocked blocks
//
// Commands, one a line; values are hexadecimal, most significant digit first
// (outputs always ceil(width / 4) digits, inputs any number up to that):
//
//   i HEX...          set every input (declaration order, clock excluded), settle
//   s NAME HEX        set one input, settle
//   o                 print "o HEX..." : every output, declaration order
//   c N               N clock cycles (clock low, settle, clock high, settle)
//   r MAX VALID DONE [START]
//                     up to MAX clock cycles; after each cycle k (1, 2, ...)
//                     print "v k HEX..." (every output) if output VALID is not
//                     zero; stop after the cycle in which output DONE is not
//                     zero, printing "d k", or print "t MAX" if it never is.
//                     With START, that 1-bit input is 1 for the first rising
//                     edge only (a start pulse), then 0. VALID or DONE written
//                     `!NAME` means output NAME is zero (e.g. `!busy`)
//   q                 quit (so does the end of the input)
//
// Outputs are sampled after the rising edge has settled: what the block shows
// during cycle k. Every reply is flushed, so a caller may talk line by line.
// A malformed command prints a message on stderr and exits with status 2.

#include "Vdut.h"
#include "harness_ports.h"
#include "verilated.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace {

[[noreturn]] void fail(const std::string& message) {
    std::fprintf(stderr, "harness: %s\n", message.c_str());
    std::exit(2);
}

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// The value of `hex` as 32-bit words, least significant first; refuses bits at
// or beyond `width`.
std::vector<uint32_t> parse_hex(const std::string& hex, int width, const char* name) {
    std::vector<uint32_t> words((width + 31) / 32, 0);
    if (hex.empty()) fail(std::string("no value for ") + name);
    int bit = 0;
    for (auto it = hex.rbegin(); it != hex.rend(); ++it, bit += 4) {
        int d = hex_digit(*it);
        if (d < 0) fail(std::string("not a hex digit in the value of ") + name + ": " + hex);
        if (d == 0) continue;
        if (bit >= width || (bit + 4 > width && (d >> (width - bit)) != 0))
            fail(std::string("value wider than ") + std::to_string(width) + " bits for " + name +
                 ": " + hex);
        words[bit / 32] |= uint32_t(d) << (bit % 32);
    }
    return words;
}

std::string format_hex(const std::vector<uint32_t>& words, int width) {
    std::string out;
    for (int digit = (width + 3) / 4 - 1; digit >= 0; --digit)
        out += "0123456789abcdef"[(words[digit * 4 / 32] >> (digit * 4 % 32)) & 15];
    return out;
}

// Narrow ports (CData, SData, IData, QData).
template <typename T>
void store(T& port, const std::vector<uint32_t>& words) {
    uint64_t value = words[0];
    if (words.size() > 1) value |= uint64_t(words[1]) << 32;
    port = static_cast<T>(value);
}
template <typename T>
std::vector<uint32_t> load(const T& port, int width) {
    uint64_t value = port;
    std::vector<uint32_t> words{uint32_t(value)};
    if (width > 32) words.push_back(uint32_t(value >> 32));
    return words;
}
// Wide ports (VlWide, 32-bit words least significant first).
template <std::size_t N>
void store(VlWide<N>& port, const std::vector<uint32_t>& words) {
    for (std::size_t i = 0; i < N; ++i) port[i] = words[i];
}
template <std::size_t N>
std::vector<uint32_t> load(const VlWide<N>& port, int) {
    return std::vector<uint32_t>(port.data(), port.data() + N);
}

struct Port {
    const char* name;
    int width;
    bool input;
};

const Port PORTS[] = {
#define HARNESS_IN(name, width) {#name, width, true},
#define HARNESS_OUT(name, width) {#name, width, false},
    HARNESS_INPUTS(HARNESS_IN) HARNESS_OUTPUTS(HARNESS_OUT)
#undef HARNESS_IN
#undef HARNESS_OUT
};

class Harness {
  public:
    Harness(int argc, char** argv)
        : context_(new VerilatedContext), top_(new Vdut(context_.get())) {
        // Plusargs for the block's $value$plusargs (none given: its defaults).
        context_->commandArgs(argc, argv);
#ifdef HARNESS_CLOCK
        top_->HARNESS_CLOCK = 0;
#endif
        top_->eval();
    }
    ~Harness() { top_->final(); }

    void set(const std::string& name, const std::string& hex) {
#define HARNESS_SET(port, width)                          \
    if (name == #port) {                                  \
        store(top_->port, parse_hex(hex, width, #port)); \
        return;                                           \
    }
        HARNESS_INPUTS(HARNESS_SET)
#undef HARNESS_SET
        fail("no input named " + name);
    }

    std::string outputs() {
        std::string line;
#define HARNESS_GET(port, width) line += " " + format_hex(load(top_->port, width), width);
        HARNESS_OUTPUTS(HARNESS_GET)
#undef HARNESS_GET
        return line;
    }

    // Output `name` is not zero; `!name`: it is zero.
    bool holds(const std::string& name) {
        if (!name.empty() && name[0] == '!') return !output_nonzero(name.substr(1));
        return output_nonzero(name);
    }

    bool output_nonzero(const std::string& name) {
#define HARNESS_TEST(port, width)                                                 \
    if (name == #port) {                                                          \
        for (uint32_t w : load(top_->port, width))                                \
            if (w != 0) return true;                                              \
        return false;                                                             \
    }
        HARNESS_OUTPUTS(HARNESS_TEST)
#undef HARNESS_TEST
        fail("no output named " + name);
    }

    void settle() { top_->eval(); }

    void cycle() {
#ifdef HARNESS_CLOCK
        top_->HARNESS_CLOCK = 0;
        top_->eval();
        context_->timeInc(1);
        top_->HARNESS_CLOCK = 1;
        top_->eval();
        context_->timeInc(1);
#else
        fail("this block has no clock");
#endif
    }

  private:
    std::unique_ptr<VerilatedContext> context_;
    std::unique_ptr<Vdut> top_;
};

long parse_count(std::istringstream& words, const char* what) {
    long n = -1;
    if (!(words >> n) || n < 0) fail(std::string("expected a count for ") + what);
    return n;
}

}  // namespace

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    Harness h(argc, argv);
    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream words(line);
        std::string command;
        if (!(words >> command)) continue;
        if (command == "i") {
            for (const Port& p : PORTS) {
                if (!p.input) continue;
                std::string hex;
                if (!(words >> hex)) fail(std::string("i: no value for ") + p.name);
                h.set(p.name, hex);
            }
            std::string extra;
            if (words >> extra) fail("i: more values than inputs");
            h.settle();
        } else if (command == "s") {
            std::string name, hex;
            if (!(words >> name >> hex)) fail("s: expected NAME HEX");
            h.set(name, hex);
            h.settle();
        } else if (command == "o") {
            std::printf("o%s\n", h.outputs().c_str());
            std::fflush(stdout);
        } else if (command == "c") {
            for (long n = parse_count(words, "c"); n > 0; --n) h.cycle();
        } else if (command == "r") {
            long max = parse_count(words, "r");
            std::string valid, done, start;
            if (!(words >> valid >> done)) fail("r: expected MAX VALID DONE [START]");
            bool pulse = bool(words >> start);
            if (pulse) h.set(start, "1");
            long k = 1;
            for (; k <= max; ++k) {
                h.cycle();
                if (pulse && k == 1) {
                    h.set(start, "0");
                    h.settle();
                }
                if (h.holds(valid)) std::printf("v %ld%s\n", k, h.outputs().c_str());
                if (h.holds(done)) break;
            }
            if (k <= max) {
                std::printf("d %ld\n", k);
            } else {
                std::printf("t %ld\n", max);
            }
            std::fflush(stdout);
        } else if (command == "q") {
            break;
        } else {
            fail("unknown command: " + line);
        }
    }
    return 0;
}
