// The background jobs: the sweep and the hardware-counter profile, each run by its control.
#include "command_router.h"
#include "counters_control.h"
#include "sweep_control.h"

namespace apsp::studio {

void CommandRouter::on(const CmdStartSweep& c) { m_t.sweep.start(c.spec); }

void CommandRouter::on(const CmdCancelSweep&) { m_t.sweep.cancel(); }

void CommandRouter::on(const CmdExportSweep& c) { m_t.sweep.export_files(c); }

void CommandRouter::on(const CmdProfileCounters& c) { m_t.counters.start(c.rounds); }

void CommandRouter::on(const CmdCancelCounters&) { m_t.counters.cancel(); }

}  // namespace apsp::studio
