// The simulated board's driver: the Verilator model of the board's top level
// (ports clk_25mhz, ftdi_txd, ftdi_rxd, led[7:0], btn[6:0], wifi_gpio0) run
// clock cycle by clock cycle, its serial lines driven and decoded at
// CYCLES_PER_BIT clock cycles a bit (8N1), and driven from the Rust side
// (sim/src/verilated.rs) over stdin/stdout, one command or report a line.
//
// Commands (stdin):
//   b XX     queue byte XX (hex) for the board's receiver (frames back to back)
//   r N      run until the board is quiet or N cycles have passed
//   q        quit
// Reports (stdout), CYCLE counting rising clock edges from the start:
//   s CYCLE        a queued byte's stop bit has been sent (it ends at CYCLE)
//   t CYCLE XX     the board sent byte XX; its stop bit ended at CYCLE
//   f CYCLE        the board's line had a framing error (stop bit low)
//   i CYCLE        `r` ended: quiet (nothing queued, no frame either way,
//                  LED 1 "busy" low for QUIET bit times)
//   c CYCLE        `r` ended: N cycles passed first
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <deque>
#include <memory>
#include "verilated.h"
#include "Vboard.h"

#ifndef CYCLES_PER_BIT
#error "CYCLES_PER_BIT must be defined"
#endif

static const uint64_t QUIET = 20 * CYCLES_PER_BIT;

int main(int argc, char **argv) {
    auto context = std::make_unique<VerilatedContext>();
    context->commandArgs(argc, argv);
    auto top = std::make_unique<Vboard>(context.get());
    uint64_t cycle = 0;
    // Host -> board: the bits of the frame on the line, and the bytes queued.
    std::deque<uint8_t> queued;
    int tx_bit = -1;          // -1 idle, 0 start, 1..8 data, 9 stop
    uint64_t tx_left = 0;     // cycles left in this bit
    uint8_t tx_byte = 0;
    // Board -> host: the decoder.
    int rx_bit = -1;          // -1 idle, else cycles since the start bit's edge
    uint8_t rx_byte = 0;
    uint64_t quiet = 0;

    top->btn = 1;             // btn[0] (PWRON) is active low: not pressed
    top->ftdi_txd = 1;
    top->clk_25mhz = 0;
    top->eval();

    auto step = [&]() {
        // The host's line for this cycle.
        if (tx_bit < 0 && !queued.empty()) {
            tx_byte = queued.front();
            queued.pop_front();
            tx_bit = 0;
            tx_left = CYCLES_PER_BIT;
        }
        int line = 1;
        if (tx_bit == 0) line = 0;
        else if (tx_bit >= 1 && tx_bit <= 8) line = (tx_byte >> (tx_bit - 1)) & 1;
        top->ftdi_txd = line;
        top->clk_25mhz = 1;
        top->eval();
        top->clk_25mhz = 0;
        top->eval();
        cycle++;
        if (tx_bit >= 0 && --tx_left == 0) {
            if (tx_bit == 9) {
                tx_bit = -1;
                printf("s %llu\n", (unsigned long long)cycle);
            } else {
                tx_bit++;
                tx_left = CYCLES_PER_BIT;
            }
        }
        // The board's line, sampled in the middle of each bit.
        int out = top->ftdi_rxd;
        if (rx_bit < 0) {
            if (!out) rx_bit = 0;
        } else {
            rx_bit++;
            if ((uint64_t)rx_bit % CYCLES_PER_BIT == CYCLES_PER_BIT / 2) {
                uint64_t bit = rx_bit / CYCLES_PER_BIT;
                if (bit >= 1 && bit <= 8) {
                    rx_byte = (rx_byte >> 1) | (out ? 0x80 : 0);
                } else if (bit == 9) {
                    if (out) printf("t %llu %02x\n", (unsigned long long)(cycle + CYCLES_PER_BIT / 2), rx_byte);
                    else printf("f %llu\n", (unsigned long long)cycle);
                    rx_bit = -1;
                }
            }
        }
        bool busy = (top->led >> 1) & 1;
        if (tx_bit < 0 && queued.empty() && rx_bit < 0 && !busy) quiet++;
        else quiet = 0;
    };

    char command[64];
    while (fgets(command, sizeof command, stdin)) {
        if (command[0] == 'b') {
            unsigned value = 0;
            if (sscanf(command + 1, "%x", &value) == 1) queued.push_back((uint8_t)value);
        } else if (command[0] == 'r') {
            unsigned long long budget = 0;
            sscanf(command + 1, "%llu", &budget);
            uint64_t end = cycle + budget;
            bool done = false;
            while (cycle < end) {
                step();
                if (quiet >= QUIET) { done = true; break; }
            }
            printf("%c %llu\n", done ? 'i' : 'c', (unsigned long long)cycle);
            fflush(stdout);
        } else if (command[0] == 'q') {
            break;
        }
    }
    top->final();
    return 0;
}
