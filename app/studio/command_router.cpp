#include "command_router.h"

#include <variant>

namespace apsp::studio {

void CommandRouter::apply(const Command& command) {
  std::visit([this](const auto& c) { on(c); }, command);
}

void CommandRouter::stop_playing_and_cancel() {
  m_t.state.playback.playing = false;
  m_t.session.cancel();
}

}  // namespace apsp::studio
