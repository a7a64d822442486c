// The simulated board's driver: the Verilator model of a board top level
// (ports clk_25mhz, ftdi_txd, ftdi_rxd, led[7:0], btn[6:0], wifi_gpio0, the
// ports of hdl::Ulx3sTop but its SDRAM's, and, where the top has it,
// sdram_error: hdl::sim_board, the top level beside its SDRAM's chip model)
// clocked cycle by cycle, its serial lines driven and decoded as 8N1 frames
// of exactly CYCLES_PER_BIT clock cycles a bit. The driver stops (exit
// status 3, a line on stderr) if the SDRAM's chip model sees a timing
// violated (sdram_error). The
// Rust side (sim/src/verilated.rs) drives it over stdin/stdout, one command
// or report a line. Usage: board CYCLES_PER_BIT QUIET_CYCLES [+PLUSARG=VALUE ...]
// (the plusargs for the model's $value$plusargs, e.g. the search's budget:
// hdl/src/search_budget.rs; the SDRAM check's span and a stuck data line:
// hdl/src/sim_board.rs)
//
// Time is counted in rising clock edges since power-up: "cycle C" is the
// moment just after edge C. The host's line is set before each edge (so the
// bit a frame starts with is sampled first at edge C+1 when it is queued at
// cycle C), the board's line is read after each edge.
//
// Commands (stdin):
//   b XX     queue byte XX (hex) for the board's receiver; queued bytes go
//            out back to back, 10 bits of CYCLES_PER_BIT cycles each (the
//            first not before cycle QUIET_CYCLES: power-up)
//   e XX     the same with a framing error: the stop bit is held low, then
//            the line is high (idle) for one bit before the next frame
//   r US     run until the board is quiet, or about US microseconds of real
//            time have passed; then report `i` or `c`
//   q        quit (as does the end of stdin)
// Reports (stdout), in the order of their cycles:
//   s C      the host's byte has been sent: its stop bit's last cycle was
//            sampled at edge C (the end of the frame)
//   t C XX   the board sent byte XX: its frame (from the edge after which
//            ftdi_rxd first read low, 10 bits) ended at edge C
//   f C      the board's frame had a low stop bit (a framing error) at C;
//            the decoder waits for the line to be high before the next one
//   l C XX   the LEDs are XX from C on (first `l 0 XX`: at power-up)
//   i C      `r` ended at C: quiet (nothing queued or in flight either way
//            and led[1], BUSY, low for the QUIET_CYCLES cycles up to C, not
//            counting a frame's last cycle: C = end + QUIET_CYCLES). Until the next
//            byte is queued, `r` answers `i` at once and runs no cycle.
//   c C      `r` ended at C: its time was up first
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <memory>
#include <type_traits>
#include <utility>
#include "verilated.h"
#include "Vboard.h"

typedef unsigned long long ull;

namespace {

// Whether a top level has the output sdram_error (a test top may not).
template <typename T, typename = void>
struct HasSdramError : std::false_type {};
template <typename T>
struct HasSdramError<T, std::void_t<decltype(std::declval<T&>().sdram_error)>> : std::true_type {};

template <typename T>
bool sdram_error(const T& top) {
    if constexpr (HasSdramError<T>::value) {
        return top.sdram_error;
    } else {
        return false;
    }
}

struct Frame {
    uint8_t byte;
    bool framing_error;
};

class Board {
  public:
    Board(uint64_t cycles_per_bit, uint64_t quiet_cycles, int argc, char **argv)
        : n_(cycles_per_bit), quiet_needed_(quiet_cycles), top_(new Vboard(&context_)) {
        // `+name=value` arguments for the model's $value$plusargs (read at power-up).
        context_.commandArgs(argc, argv);
        top_->btn = 1;  // btn[0] (PWRON) is active low: no button pressed
        top_->ftdi_txd = 1;
        top_->clk_25mhz = 0;
        top_->eval();
        leds_ = top_->led;
        printf("l 0 %02x\n", leds_);
    }

    ~Board() { top_->final(); }

    void queue(uint8_t byte, bool framing_error) {
        queued_.push_back({byte, framing_error});
        quiet_ = 0;
    }

    bool quiet() const { return quiet_ >= quiet_needed_; }

    // Runs until quiet or until `micros` of real time have passed; true if quiet.
    bool run(uint64_t micros) {
        auto start = std::chrono::steady_clock::now();
        auto budget = std::chrono::microseconds(micros);
        while (!quiet()) {
            for (int i = 0; i < 64 && !quiet(); i++) step();
            if (std::chrono::steady_clock::now() - start >= budget) break;
        }
        return quiet();
    }

    uint64_t cycle() const { return cycle_; }

  private:
    // One clock cycle: the host's line, a rising edge, the board's line.
    void step() {
        // The host starts a frame only once the board has been powered for the quiet
        // time (its receiver waits for an idle line at power-up, as a real one does).
        if (tx_bit_ < 0 && !queued_.empty() && cycle_ >= quiet_needed_) {
            tx_frame_ = queued_.front();
            queued_.pop_front();
            tx_bit_ = 0;
            tx_left_ = n_;
        }
        // Whether a frame is on either line in this cycle (a frame's last cycle too).
        bool in_flight = tx_bit_ >= 0 || rx_done_;
        int line = 1;
        if (tx_bit_ == 0) {
            line = 0;
        } else if (tx_bit_ >= 1 && tx_bit_ <= 8) {
            line = (tx_frame_.byte >> (tx_bit_ - 1)) & 1;
        } else if (tx_bit_ == 9) {
            line = tx_frame_.framing_error ? 0 : 1;
        }
        top_->ftdi_txd = line;
        top_->clk_25mhz = 1;
        top_->eval();
        top_->clk_25mhz = 0;
        top_->eval();
        cycle_++;
        if (sdram_error(*top_)) {
            fflush(stdout);
            fprintf(stderr,
                    "board: the SDRAM's chip model saw a timing violated at cycle %llu "
                    "(hdl::sdram::SdramChipModel): the controller broke the chip's rules\n",
                    (ull)cycle_);
            exit(3);
        }
        if (tx_bit_ >= 0 && --tx_left_ == 0) {
            if (tx_bit_ == 9) printf("s %llu\n", (ull)cycle_);
            int last = tx_frame_.framing_error ? 10 : 9;
            if (tx_bit_ == last) {
                tx_bit_ = -1;
            } else {
                tx_bit_++;
                tx_left_ = n_;
            }
        }
        decode(top_->ftdi_rxd);
        if (rx_done_ && cycle_ == rx_end_) {
            printf("t %llu %02x\n", (ull)cycle_, rx_byte_);
            rx_done_ = false;
        }
        uint8_t leds = top_->led;
        if (leds != leds_) {
            printf("l %llu %02x\n", (ull)cycle_, leds);
            leds_ = leds;
        }
        bool busy = (leds >> 1) & 1;
        // A line held low after a framing error is no frame in flight.
        bool silent = !in_flight && queued_.empty() && rx_state_ != FRAME && !busy;
        quiet_ = silent ? quiet_ + 1 : 0;
    }

    // The board's line after edge `cycle_`: find the start bit's falling
    // edge, sample each bit in its middle, check the stop bit.
    void decode(int level) {
        switch (rx_state_) {
            case WAIT_HIGH:
                if (level) rx_state_ = HUNT;
                return;
            case HUNT:
                if (!level) {
                    rx_state_ = FRAME;
                    rx_start_ = cycle_;
                    rx_shift_ = 0;
                }
                return;
            case FRAME: {
                uint64_t offset = cycle_ - rx_start_;
                if (offset % n_ != n_ / 2) return;
                uint64_t bit = offset / n_;
                if (bit == 0) {
                    if (level) rx_state_ = HUNT;  // a glitch, not a start bit
                } else if (bit <= 8) {
                    rx_shift_ = (uint8_t)((rx_shift_ >> 1) | (level ? 0x80 : 0));
                } else if (level) {
                    // Reported when the frame ends; the next may start then.
                    rx_done_ = true;
                    rx_end_ = rx_start_ + 10 * n_;
                    rx_byte_ = rx_shift_;
                    rx_state_ = HUNT;
                } else {
                    printf("f %llu\n", (ull)cycle_);
                    rx_state_ = WAIT_HIGH;
                }
                return;
            }
        }
    }

    const uint64_t n_;
    const uint64_t quiet_needed_;
    VerilatedContext context_;
    std::unique_ptr<Vboard> top_;
    uint64_t cycle_ = 0;
    uint64_t quiet_ = 0;
    uint8_t leds_ = 0;
    // Host -> board.
    std::deque<Frame> queued_;
    Frame tx_frame_ = {0, false};
    int tx_bit_ = -1;  // -1 idle, 0 start, 1..8 data, 9 stop, 10 idle after a framing error
    uint64_t tx_left_ = 0;
    // Board -> host.
    enum { HUNT, FRAME, WAIT_HIGH } rx_state_ = WAIT_HIGH;
    uint64_t rx_start_ = 0;
    uint8_t rx_shift_ = 0;
    bool rx_done_ = false;
    uint64_t rx_end_ = 0;
    uint8_t rx_byte_ = 0;
};

}  // namespace

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s CYCLES_PER_BIT QUIET_CYCLES [+PLUSARG=VALUE ...]\n", argv[0]);
        return 2;
    }
    for (int i = 3; i < argc; i++) {
        if (argv[i][0] != '+') {
            fprintf(stderr, "%s: %s is no +PLUSARG=VALUE\n", argv[0], argv[i]);
            return 2;
        }
    }
    uint64_t cycles_per_bit = strtoull(argv[1], nullptr, 10);
    uint64_t quiet_cycles = strtoull(argv[2], nullptr, 10);
    if (cycles_per_bit < 2) {
        fprintf(stderr, "%s: CYCLES_PER_BIT must be 2 or more\n", argv[0]);
        return 2;
    }
    Board board(cycles_per_bit, quiet_cycles, argc, argv);
    char command[64];
    while (fgets(command, sizeof command, stdin)) {
        unsigned value = 0;
        ull micros = 0;
        switch (command[0]) {
            case 'b':
            case 'e':
                if (sscanf(command + 1, "%x", &value) == 1 && value < 256) {
                    board.queue((uint8_t)value, command[0] == 'e');
                } else {
                    fprintf(stderr, "board: bad command %s", command);
                }
                break;
            case 'r': {
                sscanf(command + 1, "%llu", &micros);
                bool quiet = board.run(micros);
                printf("%c %llu\n", quiet ? 'i' : 'c', (ull)board.cycle());
                fflush(stdout);
                break;
            }
            case 'q':
                return 0;
            default:
                fprintf(stderr, "board: unknown command %s", command);
        }
    }
    return 0;
}
